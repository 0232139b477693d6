import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { SESSION_404, ZSessionPathId } from "./common";
import { ZSessionDetails } from "./session-details";
import { SESSION_TRANSCRIPT_EXAMPLE } from "./session-example";

export const getSessionMeta = routeMeta({
  surface: "v1",
  examples: {
    response: {
      ...SESSION_TRANSCRIPT_EXAMPLE,
      canParticipate: true,
      canManage: true,
      readOnlyReason: null,
      createdAt: "2026-03-14T09:30:00.000Z",
    },
  },
  method: "GET",
  path: "/agents/sessions/{sessionId}",
  summary: "Read a session's transcript and state",
  description:
    "The authoritative transcript, turns, tool calls and state of a visible session, with flags for the current caller. Domain sessions are visible to members of the session's domain; personal chats only to their creator. Organization Owner/Admin status bypasses neither.",
  tags: ["Agent sessions"],
  security: ["apiKey"],
  successStatus: 200,
  errors: { 404: SESSION_404 },
});

export const ZGetSessionRequest = z.strictObject({ sessionId: ZSessionPathId });
export type TGetSessionRequest = z.infer<typeof ZGetSessionRequest>;
export const ZGetSessionResponse = ZSessionDetails;

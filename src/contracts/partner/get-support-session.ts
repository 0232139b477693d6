import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZSupportSession } from "./support-session";

export const getSupportSessionMeta = routeMeta({
  surface: "partner-v1",
  method: "GET",
  path: "/support-sessions/{grantId}",
  summary: "Read a session a customer shared with support",
  description:
    "With an app lease (`ykt_`) for the grant's organization: the shared session's transcript (messages with role, body, createdAt) and state (status, automation, title, turns, pending approval). Tool arguments are masked as in every session read. There is no collection route: the customer gives the grant id to the partner.",
  tags: ["Support sessions"],
  security: ["leaseToken"],
  errors: {
    401: "Missing, invalid or expired lease (UNAUTHORIZED).",
    404: "No live grant with this id for the lease's organization: nonexistent, expired, revoked, or another organization's or platform's (NOT_FOUND).",
  },
});

export const ZGetSupportSessionRequest = z.strictObject({
  grantId: z.string().meta({ description: "The grant id the customer gave you." }),
});
export const ZGetSupportSessionResponse = ZSupportSession;

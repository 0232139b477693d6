import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { SESSION_TRANSCRIPT_EXAMPLE } from "@/contracts/sessions/session-example";
import { ZSupportSession } from "./support-session";

export const getSupportSessionMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      grant: {
        id: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
        expiresAt: "2026-03-15T09:30:00.000Z",
        createdAt: "2026-03-14T09:30:00.000Z",
      },
      automation: { id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b", kind: "agent", name: "Support triage" },
      session: { ...SESSION_TRANSCRIPT_EXAMPLE, createdAt: "2026-03-14T09:30:00.000Z" },
    },
  },
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

import { z } from "zod";
import { ZCallerCredentials } from "@/contracts/common/caller-credentials";
import { routeMeta } from "@/contracts/common/meta";
import { APPROVAL_COMMENT_MAX, SESSION_404, ZSessionPathId } from "./common";

const DESCRIPTION =
  "Resolves the session's pending tool approval. A user-routed approval (the call runs on someone's caller credential) can be decided only by that person; otherwise by a domain member whose role is in the domain's approval policy. `approved` queues the turn to resume (the response does not wait for the tool call) and supplied `callerCredentials` replace the parked turn's grant; `rejected` records the refusal, tells the model, and the turn continues to its answer.";

const ERRORS = {
  400: "Unknown or invalid fields (VALIDATION).",
  403: "The session is visible but the caller may not decide this approval (FORBIDDEN).",
  404: SESSION_404,
  409: "No approval is pending, `approvalId` is stale or names another approval, or the approval was already decided (CONFLICT).",
};

export const decideApprovalMeta = routeMeta({
  idempotency: "optional",
  surface: "v1",
  examples: {
    request: { decision: "approved", approvalId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9" },
    response: { ok: true, approvalId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b", decision: "approved" },
  },
  method: "POST",
  path: "/agents/sessions/{sessionId}/turn-approval",
  summary: "Approve or reject a pending tool call",
  description: DESCRIPTION,
  tags: ["Agent sessions"],
  security: ["apiKey"],
  successStatus: 200,
  errors: ERRORS,
});

export const consoleDecideApprovalMeta = routeMeta({
  surface: "v1",
  examples: {
    request: { decision: "approved", approvalId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e" },
    response: { ok: true, approvalId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e", decision: "approved" },
  },
  method: "POST",
  path: "/sessions/{sessionId}/turn-approval",
  summary: "Approve or reject a pending tool call (console)",
  description: `The console's cookie-authenticated form of the personal-key route; same body and answers. ${DESCRIPTION}`,
  tags: ["Agent sessions"],
  security: ["sessionCookie"],
  successStatus: 200,
  errors: {
    ...ERRORS,
    401: "The service_session cookie is missing or invalid, or no organization is selected (UNAUTHORIZED).",
  },
});

export const ZDecision = z.enum(["approved", "rejected"]);
export type TDecision = z.infer<typeof ZDecision>;

export const ZDecideApprovalRequest = z.strictObject({
  sessionId: ZSessionPathId,
  decision: ZDecision.meta({ description: "`approved` or `rejected`." }),
  approvalId: z
    .uuid({ message: "must be a UUID" })
    .optional()
    .meta({ description: "From `turn.suspended` or the snapshot; a stale or different id is a conflict." }),
  comment: z
    .string()
    .max(APPROVAL_COMMENT_MAX, `must be at most ${APPROVAL_COMMENT_MAX} characters`)
    .optional()
    .meta({ description: "At most 2,000 characters." }),
  callerCredentials: ZCallerCredentials.optional(),
});
export type TDecideApprovalRequest = z.infer<typeof ZDecideApprovalRequest>;

export const ZDecideApprovalResponse = z
  .object({ ok: z.literal(true), approvalId: z.uuid(), decision: ZDecision })
  .meta({ id: "ApprovalDecided" });
export type TDecideApprovalResponse = z.infer<typeof ZDecideApprovalResponse>;

import { type z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZDecideApprovalRequest, ZDecideApprovalResponse } from "@/contracts/sessions/decide-approval";
import { LEASE_401 } from "./lease";
import { WORKER_LEASE_404 } from "./worker-approval";

export const decideWorkerSessionApprovalMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    request: { decision: "approved", approvalId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9" },
    response: { ok: true, approvalId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b", decision: "approved" },
  },
  method: "POST",
  path: "/worker/approvals/sessions/{sessionId}",
  summary: "Decide a turn approval as the named worker",
  description:
    "The 4.2 turn-approval route acting as the lease's worker: same body (`decision` `approved` or `rejected`, optional `approvalId`, `comment`, `callerCredentials`), same answer and conflicts.",
  tags: ["Worker approvals"],
  security: ["leaseToken"],
  successStatus: 200,
  errors: {
    401: LEASE_401,
    403: "The session is visible to the worker but the worker may not decide this approval (FORBIDDEN).",
    404: WORKER_LEASE_404,
    409: "No approval is pending, `approvalId` is stale or names another approval, or the approval was already decided (CONFLICT).",
  },
});

export const ZDecideWorkerSessionApprovalRequest = ZDecideApprovalRequest;
export type TDecideWorkerSessionApprovalRequest = z.infer<typeof ZDecideWorkerSessionApprovalRequest>;

export const ZDecideWorkerSessionApprovalResponse = ZDecideApprovalResponse;

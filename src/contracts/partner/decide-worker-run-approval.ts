import { type z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZDecideApprovalRequest, ZDecideApprovalResponse } from "@/contracts/sessions/decide-approval";
import { LEASE_401 } from "./lease";
import { WORKER_LEASE_404, ZWorkerApprovalPathId } from "./worker-approval";

export const decideWorkerRunApprovalMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    request: { decision: "approved", approvalId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e" },
    response: { ok: true, approvalId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e", decision: "approved" },
  },
  method: "POST",
  path: "/worker/approvals/runs/{runId}",
  summary: "Decide a flow run's approval step as the named worker",
  description:
    "Decides the approval step a flow run is parked on, acting as the lease's worker: `decision` (`approved` runs on, `rejected` ends the step as rejected), optional `approvalId` and `comment`. Same answer and conflicts as the turn-approval route.",
  tags: ["Worker approvals"],
  security: ["leaseToken"],
  successStatus: 200,
  errors: {
    401: LEASE_401,
    403: "The run is visible to the worker but the worker may not decide its approval (FORBIDDEN).",
    404: WORKER_LEASE_404,
    409: "No approval is pending, `approvalId` is stale or names another approval, or the approval was already decided (CONFLICT).",
  },
});

export const ZDecideWorkerRunApprovalRequest = ZDecideApprovalRequest.omit({
  sessionId: true,
  callerCredentials: true,
}).extend({ runId: ZWorkerApprovalPathId });
export type TDecideWorkerRunApprovalRequest = z.infer<typeof ZDecideWorkerRunApprovalRequest>;

export const ZDecideWorkerRunApprovalResponse = ZDecideApprovalResponse;

import { z } from "zod";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";

export const WORKER_APPROVALS_PAGE_DEFAULT = 50;
export const WORKER_APPROVALS_PAGE_MAX = 100;

/** One pending approval the named worker may decide, with enough to decide it. */
export const ZWorkerApproval = z
  .object({
    id: ZUuid.meta({ description: "The approval id (send it as `approvalId` to guard against deciding a newer one)." }),
    sessionId: ZUuid.meta({ description: "Decide with POST /worker/approvals/sessions/{sessionId}." }),
    runId: ZUuid.nullable().meta({
      description:
        "The flow run it belongs to (decide with POST /worker/approvals/runs/{runId}); null for an agent turn.",
    }),
    executionId: ZUuid.meta({ description: "The suspended turn." }),
    domainId: ZUuid,
    automation: z.object({ id: ZUuid, name: z.string(), kind: z.enum(["agent", "flow"]) }),
    toolName: z.string().meta({ description: "The gated tool; `flow.approval` for a flow's approval step." }),
    args: z.unknown().meta({
      description: "The call's arguments with header values masked (a flow approval step: its stepId and title).",
    }),
    userRouted: z.boolean().meta({ description: "The call runs on this worker's own caller credential." }),
    requestedAt: ZIsoDateTime,
  })
  .meta({ id: "WorkerApproval" });
export type TWorkerApproval = z.infer<typeof ZWorkerApproval>;

export const WORKER_LEASE_404 =
  "No session (or run) with this id in the lease's customer that the worker can see (NOT_FOUND).";

/** An id in a path: one that names nothing visible is 404, never 400. */
export const ZWorkerApprovalPathId = z.string().meta({ description: "The id (UUID)." });

import { router } from "@/server/trpc/init";
import { decideWorkerRunApproval } from "./decide-worker-run-approval";
import { decideWorkerSessionApproval } from "./decide-worker-session-approval";
import { listWorkerApprovals } from "./list-worker-approvals";
import { listWorkers } from "./list-workers";
import { mintLease } from "./mint-lease";
import { mintWorkerLease } from "./mint-worker-lease";

/**
 * Partner API 4.7: leases, worker mappings (ykp_) and worker approvals (worker ykt_). Vouching
 * and revoking a named worker share their paths with the assistant workers of 4.8 and are served
 * by assistantWorkers.createWorker / deleteWorker.
 */
export const partnerWorkersRouter = router({
  mintLease,
  mintWorkerLease,
  listWorkers,
  listWorkerApprovals,
  decideWorkerSessionApproval,
  decideWorkerRunApproval,
});

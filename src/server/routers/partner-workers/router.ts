import { router } from "@/server/trpc/init";
import { decideWorkerRunApproval } from "./decide-worker-run-approval";
import { decideWorkerSessionApproval } from "./decide-worker-session-approval";
import { listWorkerApprovals } from "./list-worker-approvals";
import { listWorkers } from "./list-workers";
import { mintLease } from "./mint-lease";
import { mintWorkerLease } from "./mint-worker-lease";
import { revokeWorker } from "./revoke-worker";
import { vouchWorker } from "./vouch-worker";

/** Partner API 4.7: leases, worker mappings (ykp_) and worker approvals (worker ykt_). */
export const partnerWorkersRouter = router({
  mintLease,
  mintWorkerLease,
  listWorkers,
  vouchWorker,
  revokeWorker,
  listWorkerApprovals,
  decideWorkerSessionApproval,
  decideWorkerRunApproval,
});

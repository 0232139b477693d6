import { router } from "@/server/trpc/init";
import { createWorker } from "./create-worker";
import { decideApproval } from "./decide-approval";
import { deleteWorker } from "./delete-worker";
import { getPolicy } from "./get-policy";
import { listApprovals } from "./list-approvals";
import { listMessages } from "./list-messages";
import { postMessage } from "./post-message";
import { putPolicy } from "./put-policy";
import { startTurn } from "./start-turn";

/** Assistant workers (spec 4.8): workers, their conversation and turns, policies and approvals (ykp_). */
export const assistantWorkersRouter = router({
  createWorker,
  deleteWorker,
  postMessage,
  listMessages,
  startTurn,
  putPolicy,
  getPolicy,
  listApprovals,
  decideApproval,
});

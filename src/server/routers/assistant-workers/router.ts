import { router } from "@/server/trpc/init";
import { createWorker } from "./create-worker";
import { deleteWorker } from "./delete-worker";
import { listMessages } from "./list-messages";
import { postMessage } from "./post-message";
import { startTurn } from "./start-turn";

/** Assistant workers (spec 4.8): workers, their conversation and turns (ykp_). */
export const assistantWorkersRouter = router({
  createWorker,
  deleteWorker,
  postMessage,
  listMessages,
  startTurn,
});

import { router } from "@/server/trpc/init";
import { decideApproval as consoleDecideApproval } from "./console/decide-approval";
import { decideApproval } from "./decide-approval";
import { getSession } from "./get-session";
import { openSession } from "./open-session";
import { postMessage } from "./post-message";

/** Machine API 4.2 routes (yk_) and their cookie twin, POST /api/v1/sessions/{id}/turn-approval (./console/). */
export const sessionsRouter = router({
  open: openSession,
  postMessage,
  get: getSession,
  decideApproval,
  consoleDecideApproval,
});

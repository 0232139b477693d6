import { router } from "@/server/trpc/init";
import { consoleDecideApproval } from "./console-decide-approval";
import { decideApproval } from "./decide-approval";
import { getSession } from "./get-session";
import { openSession } from "./open-session";
import { postMessage } from "./post-message";

/** Machine API 4.2 routes (yk_) and the cookie turn-approval route. */
export const sessionsRouter = router({
  open: openSession,
  postMessage,
  get: getSession,
  decideApproval,
  consoleDecideApproval,
});

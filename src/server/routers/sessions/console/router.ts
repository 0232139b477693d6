import { router } from "@/server/trpc/init";
import { archiveSession } from "./archive-session";
import { decideChatApproval } from "./decide-chat-approval";
import { deleteSession } from "./delete-session";
import { getSession } from "./get-session";
import { gettingStarted } from "./getting-started";
import { listApprovers } from "./list-approvers";
import { listChatAgents } from "./list-chat-agents";
import { listSessions } from "./list-sessions";
import { openChat } from "./open-chat";
import { postMessage } from "./post-message";
import { renameSession } from "./rename-session";
import { runFacts } from "./run-facts";
import { setOutcome } from "./set-outcome";

/**
 * Console procedures for session views and personal chats (issue 4 console), mounted as `sessionConsole`.
 * ./decide-approval.ts beside it is not wired here: it is the cookie twin of the machine route, in sessions/router.ts.
 */
export const sessionConsoleRouter = router({
  list: listSessions,
  get: getSession,
  runFacts,
  rename: renameSession,
  archive: archiveSession,
  setOutcome,
  delete: deleteSession,
  chatAgents: listChatAgents,
  openChat,
  postMessage,
  decideApproval: decideChatApproval,
  approvers: listApprovers,
  gettingStarted,
});

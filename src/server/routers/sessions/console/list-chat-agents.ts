import { ZListChatAgentsRequest, ZListChatAgentsResponse } from "@/contracts/session-console/chat";
import { listChatAgents as listChatAgentsService } from "@/server/services/session-console/list-chat-agents";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listChatAgents = consoleProcedure
  .input(ZListChatAgentsRequest)
  .output(ZListChatAgentsResponse)
  .query(({ ctx }) => listChatAgentsService(ctx.actor));

import { ZOpenChatRequest, ZOpenChatResponse } from "@/contracts/session-console/chat";
import { openChat as openChatService } from "@/server/services/session-console/open-chat";
import { consoleProcedure } from "@/server/trpc/procedures";

export const openChat = consoleProcedure
  .input(ZOpenChatRequest)
  .output(ZOpenChatResponse)
  .mutation(({ ctx, input }) => openChatService(ctx.actor, input));

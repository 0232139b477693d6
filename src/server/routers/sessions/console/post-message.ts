import { ZConsolePostMessageRequest, ZConsolePostMessageResponse } from "@/contracts/session-console/chat";
import { postMessage as postMessageService } from "@/server/services/sessions/post-message";
import { consoleProcedure } from "@/server/trpc/procedures";

/** The strict input has no callerCredentials: the console refuses them (spec 5 rule 7). */
export const postMessage = consoleProcedure
  .input(ZConsolePostMessageRequest)
  .output(ZConsolePostMessageResponse)
  .mutation(({ ctx, input }) => postMessageService(ctx.actor, input));

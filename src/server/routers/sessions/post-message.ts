import { postMessageMeta, ZPostMessageRequest, ZPostMessageResponse } from "@/contracts/sessions/post-message";
import { postMessage as postMessageService } from "@/server/services/sessions/post-message";
import { userKeyProcedure } from "@/server/trpc/procedures";

export const postMessage = userKeyProcedure
  .meta(postMessageMeta)
  .input(ZPostMessageRequest)
  .output(ZPostMessageResponse)
  .mutation(({ ctx, input }) => postMessageService(ctx.actor, input));

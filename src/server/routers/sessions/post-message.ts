import { postMessageMeta, ZPostMessageRequest, ZPostMessageResponse } from "@/contracts/sessions/post-message";
import { postMessage as postMessageService } from "@/server/services/sessions/post-message";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import { userKeyProcedure } from "@/server/trpc/procedures";

export const postMessage = userKeyProcedure
  .meta(postMessageMeta)
  .input(ZPostMessageRequest)
  .output(ZPostMessageResponse)
  .mutation(({ ctx, input }) =>
    answerIdempotently(ctx, {
      orgId: ctx.actor.orgId,
      scope: `sessions.messages:${input.sessionId}:${ctx.actor.userId}`,
      request: input,
      status: 200,
      execute: (record) => postMessageService(ctx.actor, { ...input, record }),
    }),
  );

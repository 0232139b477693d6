import {
  postMessageMeta,
  ZPostMessageRequest,
  ZPostMessageResponse,
  type TPostMessageRequest,
  type TPostMessageResponse,
} from "@/contracts/sessions/post-message";
import { postMessage as postMessageService } from "@/server/services/sessions/post-message";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import { userKeyProcedure } from "@/server/trpc/procedures";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant). */
export const postMessageCall = ({ ctx, input }: { ctx: TUserCallContext; input: TPostMessageRequest }) =>
  answerIdempotently<TPostMessageResponse>(ctx, {
    orgId: ctx.actor.orgId,
    scope: `sessions.messages:${input.sessionId}:${ctx.actor.userId}`,
    request: input,
    status: 200,
    execute: (record) => postMessageService(ctx.actor, { ...input, record }),
  });

export const postMessage = userKeyProcedure
  .meta(postMessageMeta)
  .input(ZPostMessageRequest)
  .output(ZPostMessageResponse)
  .mutation(postMessageCall);

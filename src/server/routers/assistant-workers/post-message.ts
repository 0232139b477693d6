import { postMessageMeta, ZPostMessageRequest, ZPostMessageResponse } from "@/contracts/assistant/post-message";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { postWorkerMessage } from "@/server/services/assistant/conversation/post-message";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "./worker-target";

export const postMessage = partnerProcedure
  .meta(postMessageMeta)
  .input(ZPostMessageRequest)
  .output(ZPostMessageResponse)
  .mutation(async ({ ctx, input }) => {
    const idempotencyKey = idempotencyKeyOf(ctx.req.headers, undefined);
    const outcome = await postWorkerMessage({ ...workerTarget(ctx, input), idempotencyKey, body: input.body });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
    return outcome.body;
  });

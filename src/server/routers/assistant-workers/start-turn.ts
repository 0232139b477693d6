import { startTurnMeta, ZStartTurnRequest, ZStartTurnResponse } from "@/contracts/assistant/start-turn";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { startWorkerTurn } from "@/server/services/assistant/conversation/start-turn";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "./worker-target";

export const startTurn = partnerProcedure
  .meta(startTurnMeta)
  .input(ZStartTurnRequest)
  .output(ZStartTurnResponse)
  .mutation(async ({ ctx, input }) => {
    const idempotencyKey = idempotencyKeyOf(ctx.req.headers, undefined);
    const outcome = await startWorkerTurn({
      ...workerTarget(ctx, input),
      idempotencyKey,
      instruction: input.instruction,
    });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
    return outcome.body;
  });

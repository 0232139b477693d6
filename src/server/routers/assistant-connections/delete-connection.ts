import {
  deleteConnectionMeta,
  ZDeleteConnectionRequest,
  ZDeleteConnectionResponse,
} from "@/contracts/assistant/connections-delete";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { deleteConnection as deleteConnectionService } from "@/server/services/assistant/connections/delete-connection";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "@/server/routers/assistant-workers/worker-target";

export const deleteConnection = partnerProcedure
  .meta(deleteConnectionMeta)
  .input(ZDeleteConnectionRequest)
  .output(ZDeleteConnectionResponse)
  .mutation(async ({ ctx, input }) => {
    const idempotencyKey = idempotencyKeyOf(ctx.req.headers, undefined);
    const outcome = await deleteConnectionService({
      ...workerTarget(ctx, input),
      provider: input.provider,
      idempotencyKey,
    });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
  });

import { deleteWorkerMeta, ZDeleteWorkerRequest, ZDeleteWorkerResponse } from "@/contracts/assistant/delete-worker";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { deleteWorker as deleteWorkerService } from "@/server/services/assistant/workers/delete-worker";
import { isAssistantWorkerRef } from "@/server/services/assistant/workers/read-worker";
import { revokeWorker } from "@/server/services/partner/workers/revoke-worker";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "./worker-target";

/** DELETE /organizations/{orgId}/workers/{w}: erases an assistant worker (4.8) or revokes a named worker's mapping (4.7). */
export const deleteWorker = partnerProcedure
  .meta(deleteWorkerMeta)
  .input(ZDeleteWorkerRequest)
  .output(ZDeleteWorkerResponse)
  .mutation(async ({ ctx, input }) => {
    if (!(await isAssistantWorkerRef(input.orgId, input.w)))
      return revokeWorker(ctx.actor, { orgId: input.orgId, mappingId: input.w });
    const idempotencyKey = idempotencyKeyOf(ctx.req.headers, undefined);
    const outcome = await deleteWorkerService({ ...workerTarget(ctx, input), idempotencyKey });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
  });

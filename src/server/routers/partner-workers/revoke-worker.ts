import { revokeWorkerMeta, ZRevokeWorkerRequest, ZRevokeWorkerResponse } from "@/contracts/partner/revoke-worker";
import { revokeWorker as revokeWorkerService } from "@/server/services/partner/workers/revoke-worker";
import { partnerProcedure } from "@/server/trpc/procedures";

export const revokeWorker = partnerProcedure
  .meta(revokeWorkerMeta)
  .input(ZRevokeWorkerRequest)
  .output(ZRevokeWorkerResponse)
  .mutation(({ ctx, input }) => revokeWorkerService(ctx.actor, input));

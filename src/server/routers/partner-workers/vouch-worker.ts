import { vouchWorkerMeta, ZVouchWorkerRequest, ZVouchWorkerResponse } from "@/contracts/partner/vouch-worker";
import { vouchWorker as vouchWorkerService } from "@/server/services/partner/workers/vouch-worker";
import { partnerProcedure } from "@/server/trpc/procedures";

export const vouchWorker = partnerProcedure
  .meta(vouchWorkerMeta)
  .input(ZVouchWorkerRequest)
  .output(ZVouchWorkerResponse)
  .mutation(({ ctx, input }) => vouchWorkerService(ctx.actor, input));

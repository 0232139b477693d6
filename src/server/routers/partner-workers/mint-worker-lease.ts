import {
  mintWorkerLeaseMeta,
  ZMintWorkerLeaseRequest,
  ZMintWorkerLeaseResponse,
} from "@/contracts/partner/mint-worker-lease";
import { mintLease as mintLeaseService } from "@/server/services/partner/leases/mint-lease";
import { partnerProcedure } from "@/server/trpc/procedures";

export const mintWorkerLease = partnerProcedure
  .meta(mintWorkerLeaseMeta)
  .input(ZMintWorkerLeaseRequest)
  .output(ZMintWorkerLeaseResponse)
  .mutation(({ ctx, input }) => mintLeaseService(ctx.actor, input));

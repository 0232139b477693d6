import { mintLeaseMeta, ZMintLeaseRequest, ZMintLeaseResponse } from "@/contracts/partner/mint-lease";
import { mintLease as mintLeaseService } from "@/server/services/partner/leases/mint-lease";
import { partnerProcedure } from "@/server/trpc/procedures";

export const mintLease = partnerProcedure
  .meta(mintLeaseMeta)
  .input(ZMintLeaseRequest)
  .output(ZMintLeaseResponse)
  .mutation(({ ctx, input }) => mintLeaseService(ctx.actor, input));

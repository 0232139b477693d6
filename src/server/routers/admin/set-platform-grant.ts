import { ZSetPlatformGrantRequest, ZSetPlatformGrantResponse } from "@/contracts/admin/set-platform-grant";
import { setPlatformGrant as setPlatformGrantService } from "@/server/services/partner/platforms/set-platform-grant";
import { operatorProcedure } from "@/server/trpc/procedures";

export const setPlatformGrant = operatorProcedure
  .input(ZSetPlatformGrantRequest)
  .output(ZSetPlatformGrantResponse)
  .mutation(({ input }) => setPlatformGrantService(input.platformId, input.provisioningEnabled));

import { ZSetPlatformStatusRequest, ZSetPlatformStatusResponse } from "@/contracts/admin/set-platform-status";
import { setPlatformStatus as setPlatformStatusService } from "@/server/services/partner/platforms/set-platform-status";
import { operatorProcedure } from "@/server/trpc/procedures";

export const setPlatformStatus = operatorProcedure
  .input(ZSetPlatformStatusRequest)
  .output(ZSetPlatformStatusResponse)
  .mutation(({ input }) => setPlatformStatusService(input.platformId, input.status));

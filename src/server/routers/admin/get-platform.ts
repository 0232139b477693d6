import { ZGetPlatformRequest, ZGetPlatformResponse } from "@/contracts/admin/get-platform";
import { getPlatform as getPlatformService } from "@/server/services/partner/platforms/get-platform";
import { operatorProcedure } from "@/server/trpc/procedures";

export const getPlatform = operatorProcedure
  .input(ZGetPlatformRequest)
  .output(ZGetPlatformResponse)
  .query(({ input }) => getPlatformService(input.platformId));

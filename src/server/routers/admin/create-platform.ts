import { ZCreatePlatformRequest, ZCreatePlatformResponse } from "@/contracts/admin/create-platform";
import { createPlatform as createPlatformService } from "@/server/services/partner/platforms/create-platform";
import { operatorProcedure } from "@/server/trpc/procedures";

export const createPlatform = operatorProcedure
  .input(ZCreatePlatformRequest)
  .output(ZCreatePlatformResponse)
  .mutation(async ({ input }) => ({ platform: await createPlatformService(input) }));

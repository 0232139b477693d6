import { ZSetPlatformQuotaRequest, ZSetPlatformQuotaResponse } from "@/contracts/admin/set-platform-quota";
import { setPlatformQuota as setPlatformQuotaService } from "@/server/services/partner/platforms/set-platform-quota";
import { operatorProcedure } from "@/server/trpc/procedures";

export const setPlatformQuota = operatorProcedure
  .input(ZSetPlatformQuotaRequest)
  .output(ZSetPlatformQuotaResponse)
  .mutation(({ input }) => setPlatformQuotaService(input.platformId, input.customerQuota));

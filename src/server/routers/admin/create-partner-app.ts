import { ZCreatePartnerAppRequest, ZCreatePartnerAppResponse } from "@/contracts/admin/create-partner-app";
import { createPartnerApp as createPartnerAppService } from "@/server/services/partner/platforms/create-partner-app";
import { operatorProcedure } from "@/server/trpc/procedures";

export const createPartnerApp = operatorProcedure
  .input(ZCreatePartnerAppRequest)
  .output(ZCreatePartnerAppResponse)
  .mutation(async ({ input }) => ({ app: await createPartnerAppService(input.platformId, input.name) }));

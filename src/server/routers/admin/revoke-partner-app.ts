import { ZRevokePartnerAppRequest, ZRevokePartnerAppResponse } from "@/contracts/admin/revoke-partner-app";
import { revokePartnerApp as revokePartnerAppService } from "@/server/services/partner/platforms/revoke-partner-app";
import { operatorProcedure } from "@/server/trpc/procedures";

export const revokePartnerApp = operatorProcedure
  .input(ZRevokePartnerAppRequest)
  .output(ZRevokePartnerAppResponse)
  .mutation(({ input }) => revokePartnerAppService(input.platformId, input.appId));

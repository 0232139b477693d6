import { ZListPartnerAppsRequest, ZListPartnerAppsResponse } from "@/contracts/admin/list-partner-apps";
import { listPartnerApps as listPartnerAppsService } from "@/server/services/partner/platforms/list-partner-apps";
import { operatorProcedure } from "@/server/trpc/procedures";

export const listPartnerApps = operatorProcedure
  .input(ZListPartnerAppsRequest)
  .output(ZListPartnerAppsResponse)
  .query(({ input }) => listPartnerAppsService(input.platformId));

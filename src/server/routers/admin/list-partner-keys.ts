import { ZListPartnerKeysRequest, ZListPartnerKeysResponse } from "@/contracts/admin/list-partner-keys";
import { listPartnerKeys as listPartnerKeysService } from "@/server/services/partner/platforms/list-partner-keys";
import { operatorProcedure } from "@/server/trpc/procedures";

export const listPartnerKeys = operatorProcedure
  .input(ZListPartnerKeysRequest)
  .output(ZListPartnerKeysResponse)
  .query(({ input }) => listPartnerKeysService(input.platformId));

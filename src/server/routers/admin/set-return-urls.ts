import { ZSetReturnUrlsRequest, ZSetReturnUrlsResponse } from "@/contracts/admin/set-return-urls";
import { setReturnUrls as setReturnUrlsService } from "@/server/services/partner/platforms/set-return-urls";
import { operatorProcedure } from "@/server/trpc/procedures";

export const setReturnUrls = operatorProcedure
  .input(ZSetReturnUrlsRequest)
  .output(ZSetReturnUrlsResponse)
  .mutation(({ input }) => setReturnUrlsService(input.platformId, input.returnUrls));

import { ZGetUsageRequest, ZGetUsageResponse } from "@/contracts/usage/get-usage";
import { getUsage as getUsageService } from "@/server/services/usage/get-usage";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getUsage = consoleProcedure
  .input(ZGetUsageRequest)
  .output(ZGetUsageResponse)
  .query(({ ctx, input }) => getUsageService(ctx.actor, input));

import { ZGetMonthSpendRequest, ZGetMonthSpendResponse } from "@/contracts/usage/get-month-spend";
import { getMonthSpend as getMonthSpendService } from "@/server/services/usage/get-month-spend";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getMonthSpend = consoleProcedure
  .input(ZGetMonthSpendRequest)
  .output(ZGetMonthSpendResponse)
  .query(({ ctx }) => getMonthSpendService(ctx.actor));

import { ZSetBudgetRequest, ZSetBudgetResponse } from "@/contracts/budget/set-budget";
import { setBudget as setBudgetService } from "@/server/services/budget/set-budget";
import { consoleProcedure } from "@/server/trpc/procedures";

export const setBudget = consoleProcedure
  .input(ZSetBudgetRequest)
  .output(ZSetBudgetResponse)
  .mutation(({ ctx, input }) => setBudgetService(ctx.actor, input));

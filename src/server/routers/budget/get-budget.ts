import { ZGetBudgetRequest, ZGetBudgetResponse } from "@/contracts/budget/get-budget";
import { getBudget as getBudgetService } from "@/server/services/budget/get-budget";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getBudget = consoleProcedure
  .input(ZGetBudgetRequest)
  .output(ZGetBudgetResponse)
  .query(({ ctx }) => getBudgetService(ctx.actor));

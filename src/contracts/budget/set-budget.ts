import { z } from "zod";
import { ZBudget, ZBudgetLimits } from "./budget";

export const ZSetBudgetRequest = z.strictObject(ZBudgetLimits.shape);
export const ZSetBudgetResponse = z.object({ budget: ZBudget });

export type TSetBudgetRequest = z.infer<typeof ZSetBudgetRequest>;
export type TSetBudgetResponse = z.infer<typeof ZSetBudgetResponse>;

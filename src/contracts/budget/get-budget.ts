import { z } from "zod";
import { ZBudget } from "./budget";

export const ZGetBudgetRequest = z.strictObject({}).optional();
export const ZGetBudgetResponse = z.object({ budget: ZBudget });

export type TGetBudgetResponse = z.infer<typeof ZGetBudgetResponse>;

import { router } from "@/server/trpc/init";
import { getBudget } from "./get-budget";
import { setBudget } from "./set-budget";

/** Console only: the organization's monthly model budget (issue 4). */
export const budgetRouter = router({ get: getBudget, set: setBudget });

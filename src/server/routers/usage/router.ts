import { router } from "@/server/trpc/init";
import { getMonthSpend } from "./get-month-spend";
import { getUsage } from "./get-usage";

/** Console only: the usage page's charts and the budget page's spend chart (issue 15). */
export const usageRouter = router({ get: getUsage, monthSpend: getMonthSpend });

import { router } from "@/server/trpc/init";

/** Console procedures for the organization's model budget (issue 4 models). */
export const budgetRouter = router({});

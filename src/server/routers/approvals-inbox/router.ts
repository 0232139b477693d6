import { router } from "@/server/trpc/init";
import { countApprovals } from "./count-approvals";
import { listApprovals } from "./list-approvals";

/** Console procedures of the approvals inbox, mounted as `approvalsInbox`. */
export const approvalsInboxRouter = router({
  list: listApprovals,
  count: countApprovals,
});

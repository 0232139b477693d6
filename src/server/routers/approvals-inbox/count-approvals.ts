import { ZCountApprovalsRequest, ZCountApprovalsResponse } from "@/contracts/approvals-inbox/count-approvals";
import { countApprovals as countApprovalsService } from "@/server/services/approvals-inbox/count-approvals";
import { consoleProcedure } from "@/server/trpc/procedures";

/** The side navigation's badge: how many approvals wait for the signed-in person. */
export const countApprovals = consoleProcedure
  .input(ZCountApprovalsRequest)
  .output(ZCountApprovalsResponse)
  .query(({ ctx }) => countApprovalsService(ctx.actor));

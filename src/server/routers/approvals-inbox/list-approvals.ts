import { ZListApprovalsRequest, ZListApprovalsResponse } from "@/contracts/approvals-inbox/list-approvals";
import { listApprovals as listApprovalsService } from "@/server/services/approvals-inbox/list-approvals";
import { consoleProcedure } from "@/server/trpc/procedures";

/** The approvals inbox: pending approvals the signed-in person may decide. */
export const listApprovals = consoleProcedure
  .input(ZListApprovalsRequest)
  .output(ZListApprovalsResponse)
  .query(({ ctx }) => listApprovalsService(ctx.actor));

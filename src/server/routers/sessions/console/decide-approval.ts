import {
  consoleDecideApprovalMeta,
  ZDecideApprovalRequest,
  ZDecideApprovalResponse,
} from "@/contracts/sessions/decide-approval";
import { decideApproval as decideApprovalService } from "@/server/services/sessions/decide-approval";
import { consoleProcedure } from "@/server/trpc/procedures";

/** The cookie twin of ../decide-approval.ts (key `sessions.consoleDecideApproval`): same contract and service. */
export const decideApproval = consoleProcedure
  .meta(consoleDecideApprovalMeta)
  .input(ZDecideApprovalRequest)
  .output(ZDecideApprovalResponse)
  .mutation(({ ctx, input }) => decideApprovalService(ctx.actor, input));

import { consoleDecideApprovalMeta, ZDecideApprovalRequest, ZDecideApprovalResponse } from "@/contracts/sessions/decide-approval";
import { decideApproval } from "@/server/services/sessions/decide-approval";
import { consoleProcedure } from "@/server/trpc/procedures";

export const consoleDecideApproval = consoleProcedure
  .meta(consoleDecideApprovalMeta)
  .input(ZDecideApprovalRequest)
  .output(ZDecideApprovalResponse)
  .mutation(({ ctx, input }) => decideApproval(ctx.actor, input));

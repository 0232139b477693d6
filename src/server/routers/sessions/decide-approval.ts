import {
  decideApprovalMeta,
  ZDecideApprovalRequest,
  ZDecideApprovalResponse,
} from "@/contracts/sessions/decide-approval";
import { decideApproval as decideApprovalService } from "@/server/services/sessions/decide-approval";
import { userKeyProcedure } from "@/server/trpc/procedures";

export const decideApproval = userKeyProcedure
  .meta(decideApprovalMeta)
  .input(ZDecideApprovalRequest)
  .output(ZDecideApprovalResponse)
  .mutation(({ ctx, input }) => decideApprovalService(ctx.actor, input));

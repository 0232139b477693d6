import {
  decideWorkerSessionApprovalMeta,
  ZDecideWorkerSessionApprovalRequest,
  ZDecideWorkerSessionApprovalResponse,
} from "@/contracts/partner/decide-worker-session-approval";
import { decideWorkerSessionApproval as decideService } from "@/server/services/partner/worker-approvals/decide-worker-approval";
import { leaseProcedure } from "@/server/trpc/procedures";

export const decideWorkerSessionApproval = leaseProcedure
  .meta(decideWorkerSessionApprovalMeta)
  .input(ZDecideWorkerSessionApprovalRequest)
  .output(ZDecideWorkerSessionApprovalResponse)
  .mutation(({ ctx, input }) => decideService(ctx.actor, input));

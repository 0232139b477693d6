import {
  decideWorkerRunApprovalMeta,
  ZDecideWorkerRunApprovalRequest,
  ZDecideWorkerRunApprovalResponse,
} from "@/contracts/partner/decide-worker-run-approval";
import { decideWorkerRunApproval as decideService } from "@/server/services/partner/worker-approvals/decide-worker-approval";
import { leaseProcedure } from "@/server/trpc/procedures";

export const decideWorkerRunApproval = leaseProcedure
  .meta(decideWorkerRunApprovalMeta)
  .input(ZDecideWorkerRunApprovalRequest)
  .output(ZDecideWorkerRunApprovalResponse)
  .mutation(({ ctx, input }) => decideService(ctx.actor, input));

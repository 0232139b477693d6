import {
  listWorkerApprovalsMeta,
  ZListWorkerApprovalsRequest,
  ZListWorkerApprovalsResponse,
} from "@/contracts/partner/list-worker-approvals";
import { listWorkerApprovals as listWorkerApprovalsService } from "@/server/services/partner/worker-approvals/list-worker-approvals";
import { leaseProcedure } from "@/server/trpc/procedures";

export const listWorkerApprovals = leaseProcedure
  .meta(listWorkerApprovalsMeta)
  .input(ZListWorkerApprovalsRequest)
  .output(ZListWorkerApprovalsResponse)
  .query(({ ctx, input }) => listWorkerApprovalsService(ctx.actor, input));

import { listApprovalsMeta, ZListApprovalsRequest, ZListApprovalsResponse } from "@/contracts/assistant/list-approvals";
import { listWorkerApprovals } from "@/server/services/assistant/approvals/list-approvals";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "./worker-target";

export const listApprovals = partnerProcedure
  .meta(listApprovalsMeta)
  .input(ZListApprovalsRequest)
  .output(ZListApprovalsResponse)
  .query(({ ctx, input }) =>
    listWorkerApprovals({ ...workerTarget(ctx, input), state: input.state, limit: input.limit }),
  );

import {
  decideApprovalMeta,
  ZDecideApprovalRequest,
  ZDecideApprovalResponse,
} from "@/contracts/assistant/decide-approval";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { decideWorkerApproval, type TApprovalDecision } from "@/server/services/assistant/approvals/decide-approval";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "./worker-target";

export const decideApproval = partnerProcedure
  .meta(decideApprovalMeta)
  .input(ZDecideApprovalRequest)
  .output(ZDecideApprovalResponse)
  .mutation(async ({ ctx, input }) => {
    const idempotencyKey = idempotencyKeyOf(ctx.req.headers, undefined);
    // The contract's refinement guarantees exactly one of decision and instruction.
    const decision: TApprovalDecision =
      input.instruction !== undefined
        ? { instruction: input.instruction }
        : input.decision === "approve"
          ? { decision: "approve", editedArgs: input.edited_args }
          : { decision: "reject" };
    const outcome = await decideWorkerApproval({
      ...workerTarget(ctx, input),
      approvalId: input.id,
      idempotencyKey,
      decision,
    });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
    return outcome.body;
  });

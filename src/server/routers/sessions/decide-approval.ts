import {
  decideApprovalMeta,
  ZDecideApprovalRequest,
  ZDecideApprovalResponse,
} from "@/contracts/sessions/decide-approval";
import { decideApproval as decideApprovalService } from "@/server/services/sessions/decide-approval";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import { userKeyProcedure } from "@/server/trpc/procedures";

export const decideApproval = userKeyProcedure
  .meta(decideApprovalMeta)
  .input(ZDecideApprovalRequest)
  .output(ZDecideApprovalResponse)
  .mutation(({ ctx, input }) =>
    answerIdempotently(ctx, {
      orgId: ctx.actor.orgId,
      scope: `sessions.turn-approval:${input.sessionId}:${ctx.actor.userId}`,
      request: input,
      status: 200,
      execute: (record) => decideApprovalService(ctx.actor, { ...input, record }),
    }),
  );

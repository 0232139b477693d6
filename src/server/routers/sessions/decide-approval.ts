import {
  decideApprovalMeta,
  ZDecideApprovalRequest,
  ZDecideApprovalResponse,
  type TDecideApprovalRequest,
  type TDecideApprovalResponse,
} from "@/contracts/sessions/decide-approval";
import { decideApproval as decideApprovalService } from "@/server/services/sessions/decide-approval";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import { userKeyProcedure } from "@/server/trpc/procedures";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant). */
export const decideApprovalCall = ({ ctx, input }: { ctx: TUserCallContext; input: TDecideApprovalRequest }) =>
  answerIdempotently<TDecideApprovalResponse>(ctx, {
    orgId: ctx.actor.orgId,
    scope: `sessions.turn-approval:${input.sessionId}:${ctx.actor.userId}`,
    request: input,
    status: 200,
    execute: (record) => decideApprovalService(ctx.actor, { ...input, record }),
  });

export const decideApproval = userKeyProcedure
  .meta(decideApprovalMeta)
  .input(ZDecideApprovalRequest)
  .output(ZDecideApprovalResponse)
  .mutation(decideApprovalCall);

import {
  publishAgentMeta,
  ZPublishAgentRequest,
  ZPublishAgentResponse,
  type TPublishAgentRequest,
  type TPublishAgentResponse,
} from "@/contracts/agents/publish-agent";
import { publishAgent as publishAgentService } from "@/server/services/agents/publish-agent";
import { userTokenProcedure } from "@/server/trpc/procedures";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant). */
export const publishAgentCall = ({ ctx, input }: { ctx: TUserCallContext; input: TPublishAgentRequest }) =>
  answerIdempotently<TPublishAgentResponse>(ctx, {
    orgId: ctx.actor.orgId,
    scope: `authoring.automations.publish:${input.id}:${ctx.actor.userId}`,
    request: input,
    status: 201,
    execute: (record) => publishAgentService(ctx.actor, input, record),
  });

export const publishAgent = userTokenProcedure
  .meta(publishAgentMeta)
  .input(ZPublishAgentRequest)
  .output(ZPublishAgentResponse)
  .mutation(publishAgentCall);

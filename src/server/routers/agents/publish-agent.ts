import { publishAgentMeta, ZPublishAgentRequest, ZPublishAgentResponse } from "@/contracts/agents/publish-agent";
import { publishAgent as publishAgentService } from "@/server/services/agents/publish-agent";
import { userTokenProcedure } from "@/server/trpc/procedures";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";

export const publishAgent = userTokenProcedure
  .meta(publishAgentMeta)
  .input(ZPublishAgentRequest)
  .output(ZPublishAgentResponse)
  .mutation(({ ctx, input }) =>
    answerIdempotently(ctx, {
      orgId: ctx.actor.orgId,
      scope: `authoring.automations.publish:${input.id}:${ctx.actor.userId}`,
      request: input,
      status: 201,
      execute: (record) => publishAgentService(ctx.actor, input, record),
    }),
  );

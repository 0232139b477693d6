import { createAgentMeta, ZCreateAgentRequest, ZCreateAgentResponse } from "@/contracts/agents/create-agent";
import { createAgent as createAgentService } from "@/server/services/agents/create-agent";
import { userTokenProcedure } from "@/server/trpc/procedures";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";

export const createAgent = userTokenProcedure
  .meta(createAgentMeta)
  .input(ZCreateAgentRequest)
  .output(ZCreateAgentResponse)
  .mutation(({ ctx, input }) =>
    answerIdempotently(ctx, {
      orgId: ctx.actor.orgId,
      scope: `authoring.automations.create:${ctx.actor.userId}`,
      request: input,
      status: 201,
      execute: (record) => createAgentService(ctx.actor, input, record),
    }),
  );

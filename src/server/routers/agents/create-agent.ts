import {
  createAgentMeta,
  ZCreateAgentRequest,
  ZCreateAgentResponse,
  type TCreateAgentRequest,
  type TCreateAgentResponse,
} from "@/contracts/agents/create-agent";
import { createAgent as createAgentService } from "@/server/services/agents/create-agent";
import { userTokenProcedure } from "@/server/trpc/procedures";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant). */
export const createAgentCall = ({ ctx, input }: { ctx: TUserCallContext; input: TCreateAgentRequest }) =>
  answerIdempotently<TCreateAgentResponse>(ctx, {
    orgId: ctx.actor.orgId,
    scope: `authoring.automations.create:${ctx.actor.userId}`,
    request: input,
    status: 201,
    execute: (record) => createAgentService(ctx.actor, input, record),
  });

export const createAgent = userTokenProcedure
  .meta(createAgentMeta)
  .input(ZCreateAgentRequest)
  .output(ZCreateAgentResponse)
  .mutation(createAgentCall);

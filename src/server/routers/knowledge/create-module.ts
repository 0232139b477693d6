import {
  createModuleMeta,
  ZCreateModuleRequest,
  ZCreateModuleResponse,
  type TCreateModuleRequest,
} from "@/contracts/knowledge/create-module";
import type { TKnowledgeModule } from "@/contracts/knowledge/knowledge-module";
import { createModule as createModuleService } from "@/server/services/knowledge/create-module";
import { userTokenProcedure } from "@/server/trpc/procedures";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant/knowledge.ts). */
export const createModuleCall = ({ ctx, input }: { ctx: TUserCallContext; input: TCreateModuleRequest }) =>
  answerIdempotently<TKnowledgeModule>(ctx, {
    orgId: ctx.actor.orgId,
    scope: `authoring.modules.create:${ctx.actor.userId}`,
    request: input,
    status: 201,
    execute: (record) => createModuleService(ctx.actor, input, record),
  });

/** POST /api/v1/authoring/knowledge-modules (same contract and service as its console twin, console/create-module.ts). */
export const createModule = userTokenProcedure
  .meta(createModuleMeta)
  .input(ZCreateModuleRequest)
  .output(ZCreateModuleResponse)
  .mutation(createModuleCall);

import { createModuleMeta, ZCreateModuleRequest, ZCreateModuleResponse } from "@/contracts/knowledge/create-module";
import { createModule as createModuleService } from "@/server/services/knowledge/create-module";
import { userTokenProcedure } from "@/server/trpc/procedures";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";

/** POST /api/v1/authoring/knowledge-modules (same contract and service as its console twin, console/create-module.ts). */
export const createModule = userTokenProcedure
  .meta(createModuleMeta)
  .input(ZCreateModuleRequest)
  .output(ZCreateModuleResponse)
  .mutation(({ ctx, input }) =>
    answerIdempotently(ctx, {
      orgId: ctx.actor.orgId,
      scope: `authoring.modules.create:${ctx.actor.userId}`,
      request: input,
      status: 201,
      execute: (record) => createModuleService(ctx.actor, input, record),
    }),
  );

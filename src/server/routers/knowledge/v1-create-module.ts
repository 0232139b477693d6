import { createModuleMeta, ZCreateModuleRequest, ZCreateModuleResponse } from "@/contracts/knowledge/create-module";
import { createModule } from "@/server/services/knowledge/create-module";
import { userTokenProcedure } from "@/server/trpc/procedures";

/** POST /api/v1/authoring/knowledge-modules (same contract and service as the console's knowledge.createModule). */
export const v1CreateModule = userTokenProcedure
  .meta(createModuleMeta)
  .input(ZCreateModuleRequest)
  .output(ZCreateModuleResponse)
  .mutation(({ ctx, input }) => createModule(ctx.actor, input));

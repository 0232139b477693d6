import {
  addArticleToModuleMeta,
  ZAddArticleToModuleRequest,
  ZAddArticleToModuleResponse,
} from "@/contracts/knowledge/add-article-to-module";
import { addArticleToModule as addArticleToModuleService } from "@/server/services/knowledge/add-article-to-module";
import { userTokenProcedure } from "@/server/trpc/procedures";

/** POST /api/v1/authoring/knowledge-modules/{moduleId}/articles (same contract and service as its console twin, console/add-article-to-module.ts). */
export const addArticleToModule = userTokenProcedure
  .meta(addArticleToModuleMeta)
  .input(ZAddArticleToModuleRequest)
  .output(ZAddArticleToModuleResponse)
  .mutation(({ ctx, input }) => addArticleToModuleService(ctx.actor, input));

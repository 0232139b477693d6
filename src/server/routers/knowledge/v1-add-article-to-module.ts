import { addArticleToModuleMeta, ZAddArticleToModuleRequest, ZAddArticleToModuleResponse } from "@/contracts/knowledge/add-article-to-module";
import { addArticleToModule } from "@/server/services/knowledge/add-article-to-module";
import { userTokenProcedure } from "@/server/trpc/procedures";

/** POST /api/v1/authoring/knowledge-modules/{moduleId}/articles (same contract and service as the console's knowledge.addArticleToModule). */
export const v1AddArticleToModule = userTokenProcedure
  .meta(addArticleToModuleMeta)
  .input(ZAddArticleToModuleRequest)
  .output(ZAddArticleToModuleResponse)
  .mutation(({ ctx, input }) => addArticleToModule(ctx.actor, input));

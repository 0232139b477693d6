import { ZAddArticleToModuleRequest, ZAddArticleToModuleResponse } from "@/contracts/knowledge/add-article-to-module";
import { addArticleToModule as addArticleToModuleService } from "@/server/services/knowledge/add-article-to-module";
import { consoleProcedure } from "@/server/trpc/procedures";

export const addArticleToModule = consoleProcedure
  .input(ZAddArticleToModuleRequest)
  .output(ZAddArticleToModuleResponse)
  .mutation(({ ctx, input }) => addArticleToModuleService(ctx.actor, input));

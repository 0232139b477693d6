import {
  ZRemoveArticleFromModuleRequest,
  ZRemoveArticleFromModuleResponse,
} from "@/contracts/knowledge/remove-article-from-module";
import { removeArticleFromModule as removeArticleFromModuleService } from "@/server/services/knowledge/remove-article-from-module";
import { consoleProcedure } from "@/server/trpc/procedures";

export const removeArticleFromModule = consoleProcedure
  .input(ZRemoveArticleFromModuleRequest)
  .output(ZRemoveArticleFromModuleResponse)
  .mutation(({ ctx, input }) => removeArticleFromModuleService(ctx.actor, input));

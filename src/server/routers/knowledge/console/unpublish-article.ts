import { ZUnpublishArticleRequest, ZUnpublishArticleResponse } from "@/contracts/knowledge/unpublish-article";
import { unpublishArticle as unpublishArticleService } from "@/server/services/knowledge/unpublish-article";
import { consoleProcedure } from "@/server/trpc/procedures";

export const unpublishArticle = consoleProcedure
  .input(ZUnpublishArticleRequest)
  .output(ZUnpublishArticleResponse)
  .mutation(({ ctx, input }) => unpublishArticleService(ctx.actor, input));

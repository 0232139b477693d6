import { ZPublishArticleRequest, ZPublishArticleResponse } from "@/contracts/knowledge/publish-article";
import { publishArticle as publishArticleService } from "@/server/services/knowledge/publish-article";
import { consoleProcedure } from "@/server/trpc/procedures";

export const publishArticle = consoleProcedure
  .input(ZPublishArticleRequest)
  .output(ZPublishArticleResponse)
  .mutation(({ ctx, input }) => publishArticleService(ctx.actor, input));

import { createArticleMeta, ZCreateArticleRequest, ZCreateArticleResponse } from "@/contracts/knowledge/create-article";
import { createArticle } from "@/server/services/knowledge/create-article";
import { userTokenProcedure } from "@/server/trpc/procedures";

/** POST /api/v1/authoring/knowledge-bases/{baseId}/articles (same contract and service as the console's knowledge.createArticle). */
export const v1CreateArticle = userTokenProcedure
  .meta(createArticleMeta)
  .input(ZCreateArticleRequest)
  .output(ZCreateArticleResponse)
  .mutation(({ ctx, input }) => createArticle(ctx.actor, input));

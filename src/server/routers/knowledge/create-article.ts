import { createArticleMeta, ZCreateArticleRequest, ZCreateArticleResponse } from "@/contracts/knowledge/create-article";
import { createArticle as createArticleService } from "@/server/services/knowledge/create-article";
import { userTokenProcedure } from "@/server/trpc/procedures";

/** POST /api/v1/authoring/knowledge-bases/{baseId}/articles (same contract and service as its console twin, console/create-article.ts). */
export const createArticle = userTokenProcedure
  .meta(createArticleMeta)
  .input(ZCreateArticleRequest)
  .output(ZCreateArticleResponse)
  .mutation(({ ctx, input }) => createArticleService(ctx.actor, input));

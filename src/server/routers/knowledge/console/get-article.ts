import { ZGetArticleRequest, ZGetArticleResponse } from "@/contracts/knowledge/get-article";
import { getArticle as getArticleService } from "@/server/services/knowledge/get-article";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getArticle = consoleProcedure
  .input(ZGetArticleRequest)
  .output(ZGetArticleResponse)
  .query(({ ctx, input }) => getArticleService(ctx.actor, input));

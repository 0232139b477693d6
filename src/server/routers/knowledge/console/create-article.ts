import { ZCreateArticleRequest, ZCreateArticleResponse } from "@/contracts/knowledge/create-article";
import { createArticle as createArticleService } from "@/server/services/knowledge/create-article";
import { consoleProcedure } from "@/server/trpc/procedures";

export const createArticle = consoleProcedure
  .input(ZCreateArticleRequest)
  .output(ZCreateArticleResponse)
  .mutation(({ ctx, input }) => createArticleService(ctx.actor, input));

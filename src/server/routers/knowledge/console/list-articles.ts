import { ZListArticlesRequest, ZListArticlesResponse } from "@/contracts/knowledge/list-articles";
import { listArticles as listArticlesService } from "@/server/services/knowledge/list-articles";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listArticles = consoleProcedure
  .input(ZListArticlesRequest)
  .output(ZListArticlesResponse)
  .query(({ ctx, input }) => listArticlesService(ctx.actor, input));

import { createArticleMeta, ZCreateArticleRequest, ZCreateArticleResponse } from "@/contracts/knowledge/create-article";
import { createArticle as createArticleService } from "@/server/services/knowledge/create-article";
import { userTokenProcedure } from "@/server/trpc/procedures";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";

/** POST /api/v1/authoring/knowledge-bases/{baseId}/articles (same contract and service as its console twin, console/create-article.ts). */
export const createArticle = userTokenProcedure
  .meta(createArticleMeta)
  .input(ZCreateArticleRequest)
  .output(ZCreateArticleResponse)
  .mutation(({ ctx, input }) =>
    answerIdempotently(ctx, {
      orgId: ctx.actor.orgId,
      scope: `authoring.articles.create:${input.baseId}:${ctx.actor.userId}`,
      request: input,
      status: 201,
      execute: (record) => createArticleService(ctx.actor, input, record),
    }),
  );

import {
  createArticleMeta,
  ZCreateArticleRequest,
  ZCreateArticleResponse,
  type TCreateArticleRequest,
} from "@/contracts/knowledge/create-article";
import type { TKnowledgeArticle } from "@/contracts/knowledge/knowledge-article";
import { createArticle as createArticleService } from "@/server/services/knowledge/create-article";
import { userTokenProcedure } from "@/server/trpc/procedures";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant/knowledge.ts). */
export const createArticleCall = ({ ctx, input }: { ctx: TUserCallContext; input: TCreateArticleRequest }) =>
  answerIdempotently<TKnowledgeArticle>(ctx, {
    orgId: ctx.actor.orgId,
    scope: `authoring.articles.create:${input.baseId}:${ctx.actor.userId}`,
    request: input,
    status: 201,
    execute: (record) => createArticleService(ctx.actor, input, record),
  });

/** POST /api/v1/authoring/knowledge-bases/{baseId}/articles (same contract and service as its console twin, console/create-article.ts). */
export const createArticle = userTokenProcedure
  .meta(createArticleMeta)
  .input(ZCreateArticleRequest)
  .output(ZCreateArticleResponse)
  .mutation(createArticleCall);

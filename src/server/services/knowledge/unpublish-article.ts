import type { TKnowledgeArticleSummary } from "@/contracts/knowledge/knowledge-article";
import type { TUnpublishArticleRequest } from "@/contracts/knowledge/unpublish-article";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { assertCanManageScope, findArticle } from "./knowledge-access";
import { ARTICLE_SUMMARY_SELECT, toArticleSummary } from "./to-knowledge";

/**
 * Withdraws the published copy and its vector in one statement: search stops finding the
 * article at once. The draft is kept, and module memberships stay (search skips unpublished
 * articles), so publishing again restores the article everywhere it was.
 */
export async function unpublishArticle(
  actor: TUserActor,
  { id }: TUnpublishArticleRequest,
): Promise<TKnowledgeArticleSummary> {
  const article = await findArticle(actor, id);
  await assertCanManageScope(actor, article.base);
  await db().$executeRaw`
    UPDATE knowledge_articles
    SET "publishedTitle" = NULL, "publishedBody" = NULL, "publishedAt" = NULL, "searchVector" = NULL
    WHERE id = ${article.id}::uuid`;
  const row = await db().knowledgeArticle.findUniqueOrThrow({
    where: { id: article.id },
    select: ARTICLE_SUMMARY_SELECT,
  });
  return toArticleSummary(row);
}

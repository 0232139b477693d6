import type { TKnowledgeArticleSummary } from "@/contracts/knowledge/knowledge-article";
import type { TUpdateDraftRequest } from "@/contracts/knowledge/update-draft";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { assertCanManageScope, findArticle } from "./knowledge-access";
import { ARTICLE_SUMMARY_SELECT, toArticleSummary } from "./to-knowledge";

/** Edits the draft only: the published copy, and so search, is unchanged until the next publish. */
export async function updateDraft(
  actor: TUserActor,
  { id, title, draftBody }: TUpdateDraftRequest,
): Promise<TKnowledgeArticleSummary> {
  const article = await findArticle(actor, id);
  await assertCanManageScope(actor, article.base);
  const data = { ...(title !== undefined ? { title } : {}), ...(draftBody !== undefined ? { draftBody } : {}) };
  // An empty patch must not move updatedAt, which would report unpublished changes.
  const row = Object.keys(data).length
    ? await db().knowledgeArticle.update({ where: { id: article.id }, data, select: ARTICLE_SUMMARY_SELECT })
    : await db().knowledgeArticle.findUniqueOrThrow({ where: { id: article.id }, select: ARTICLE_SUMMARY_SELECT });
  return toArticleSummary(row);
}

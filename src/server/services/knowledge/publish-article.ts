import type { TKnowledgeArticleSummary } from "@/contracts/knowledge/knowledge-article";
import type { TPublishArticleRequest } from "@/contracts/knowledge/publish-article";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { assertCanManageScope, findArticle } from "./knowledge-access";
import { publishCopy } from "./publish-copy";
import { ARTICLE_SUMMARY_SELECT, toArticleSummary } from "./to-knowledge";

// Indexing a 2,000,000-character body (and retrying a shorter prefix) can take seconds.
const PUBLISH_TRANSACTION = { maxWait: 10_000, timeout: 60_000 };

/**
 * Publishes the current draft: the published copy and its search vector are replaced together.
 * Publishing again republishes; later draft edits stay invisible to search until then.
 * `record` (a keyed call's recorder, tenant route) stores the answer in the same transaction.
 */
export async function publishArticle(
  actor: TUserActor,
  { id }: TPublishArticleRequest,
  record?: TRecordAnswer<TKnowledgeArticleSummary>,
): Promise<TKnowledgeArticleSummary> {
  const article = await findArticle(actor, id);
  await assertCanManageScope(actor, article.base);
  return db().$transaction(async (tx) => {
    await publishCopy(tx, article.id);
    const row = await tx.knowledgeArticle.findUniqueOrThrow({
      where: { id: article.id },
      select: ARTICLE_SUMMARY_SELECT,
    });
    const published = toArticleSummary(row);
    await record?.(tx, published);
    return published;
  }, PUBLISH_TRANSACTION);
}

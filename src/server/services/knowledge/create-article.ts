import type { TCreateArticleRequest } from "@/contracts/knowledge/create-article";
import type { TKnowledgeArticle } from "@/contracts/knowledge/knowledge-article";
import type { TUserActor } from "@/server/auth/actor";
import { atomically } from "@/server/db/client";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { assertCanManageScope, findBase } from "./knowledge-access";
import { ARTICLE_SELECT, toArticle } from "./to-knowledge";

/** A manual draft article; nothing reads it until it is published. */
export async function createArticle(
  actor: TUserActor,
  input: TCreateArticleRequest,
  record?: TRecordAnswer<TKnowledgeArticle>,
): Promise<TKnowledgeArticle> {
  const base = await findBase(actor, input.baseId);
  await assertCanManageScope(actor, base);
  return atomically(record === undefined, async (tx) => {
    const article = await tx.knowledgeArticle.create({
      data: {
        baseId: base.id,
        organizationId: actor.orgId,
        title: input.title,
        draftBody: input.draftBody ?? null,
        createdById: actor.userId,
      },
      select: ARTICLE_SELECT,
    });
    const created = toArticle(article);
    await record?.(tx, created);
    return created;
  });
}

import type { TCreateArticleRequest } from "@/contracts/knowledge/create-article";
import type { TKnowledgeArticle } from "@/contracts/knowledge/knowledge-article";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { assertCanManageScope, findBase } from "./knowledge-access";
import { ARTICLE_SELECT, toArticle } from "./to-knowledge";

/** A manual draft article; nothing reads it until it is published. */
export async function createArticle(actor: TUserActor, input: TCreateArticleRequest): Promise<TKnowledgeArticle> {
  const base = await findBase(actor, input.baseId);
  await assertCanManageScope(actor, base);
  const article = await db().knowledgeArticle.create({
    data: {
      baseId: base.id,
      organizationId: actor.orgId,
      title: input.title,
      draftBody: input.draftBody ?? null,
      createdById: actor.userId,
    },
    select: ARTICLE_SELECT,
  });
  return toArticle(article);
}

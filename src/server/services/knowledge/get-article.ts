import type { TGetArticleRequest } from "@/contracts/knowledge/get-article";
import type { TKnowledgeArticleDetail } from "@/contracts/knowledge/knowledge-article";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { assertCanViewScope, canManageScopeWith, findArticle, myDomainRoles } from "./knowledge-access";
import { hasUnpublishedChanges, moduleKind, toArticle } from "./to-knowledge";

/** One article with its draft, its published copy and the modules that hold it. */
export async function getArticle(actor: TUserActor, { id }: TGetArticleRequest): Promise<TKnowledgeArticleDetail> {
  const found = await findArticle(actor, id);
  await assertCanViewScope(actor, found.base);
  const article = await db().knowledgeArticle.findUniqueOrThrow({
    where: { id: found.id },
    select: {
      id: true,
      baseId: true,
      title: true,
      draftBody: true,
      publishedTitle: true,
      publishedBody: true,
      publishedAt: true,
      createdAt: true,
      updatedAt: true,
      modules: { orderBy: { createdAt: "asc" }, select: { module: { select: { id: true, name: true, kind: true } } } },
    },
  });
  return {
    ...toArticle(article),
    publishedTitle: article.publishedTitle,
    publishedBody: article.publishedBody,
    hasUnpublishedChanges: hasUnpublishedChanges(article),
    updatedAt: article.updatedAt.toISOString(),
    canManage: canManageScopeWith(actor, await myDomainRoles(actor), found.base),
    modules: article.modules.map(({ module }) => ({ id: module.id, name: module.name, kind: moduleKind(module.kind) })),
  };
}

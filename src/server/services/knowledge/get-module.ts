import type { TGetModuleRequest, TGetModuleResponse } from "@/contracts/knowledge/get-module";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { assertCanViewScope, canManageScopeWith, findModule, myDomainRoles } from "./knowledge-access";
import { articleStatus, toModule } from "./to-knowledge";

/** One module with its articles in the order they were added. */
export async function getModule(actor: TUserActor, { id }: TGetModuleRequest): Promise<TGetModuleResponse> {
  const found = await findModule(actor, id);
  await assertCanViewScope(actor, found);
  const memberships = await db().knowledgeModuleArticle.findMany({
    where: { moduleId: found.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      createdAt: true,
      article: { select: { id: true, baseId: true, title: true, publishedTitle: true, publishedAt: true } },
    },
  });
  return {
    ...toModule(found),
    articleCount: memberships.length,
    canManage: canManageScopeWith(actor, await myDomainRoles(actor), found),
    articles: memberships.map(({ id: membershipId, createdAt, article }) => ({
      membershipId,
      articleId: article.id,
      baseId: article.baseId,
      title: article.publishedTitle ?? article.title,
      status: articleStatus(article.publishedAt),
      addedAt: createdAt.toISOString(),
    })),
  };
}

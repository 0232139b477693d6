import type { TListArticlesRequest, TListArticlesResponse } from "@/contracts/knowledge/list-articles";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { assertCanViewScope, canManageScopeWith, findBase, myDomainRoles } from "./knowledge-access";
import { ARTICLE_SUMMARY_SELECT, toArticleSummary } from "./to-knowledge";

/** The articles of one base, newest first, without bodies (each may be megabytes). */
export async function listArticles(
  actor: TUserActor,
  { baseId }: TListArticlesRequest,
): Promise<TListArticlesResponse> {
  const base = await findBase(actor, baseId);
  await assertCanViewScope(actor, base);
  const articles = await db().knowledgeArticle.findMany({
    where: { baseId: base.id },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: ARTICLE_SUMMARY_SELECT,
  });
  return {
    base: {
      id: base.id,
      scope: base.domainId ? "domain" : "org",
      domainId: base.domainId,
      name: base.name,
      canManage: canManageScopeWith(actor, await myDomainRoles(actor), base),
    },
    articles: articles.map(toArticleSummary),
  };
}

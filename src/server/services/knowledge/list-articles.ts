import type { TListArticlesRequest, TListArticlesResponse } from "@/contracts/knowledge/list-articles";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { cursorPage, keysetQuery, type TPageRequest } from "@/server/services/common/cursor-page";
import { assertCanViewScope, canManageScopeWith, findBase, myDomainRoles } from "./knowledge-access";
import { ARTICLE_SUMMARY_SELECT, toArticleSummary } from "./to-knowledge";

const ORDER = [
  ["createdAt", "desc"],
  ["id", "asc"],
] as const;

/**
 * The articles of one base, newest first, without bodies (each may be megabytes). A page of them
 * with `limit` (the tenant door), all of them without (the console). A cursor names its base.
 */
export async function listArticles(
  actor: TUserActor,
  { baseId }: TListArticlesRequest,
  page: TPageRequest = {},
): Promise<TListArticlesResponse & { nextCursor: string | null }> {
  const ARTICLES = { list: `articles:${baseId}`, shape: ["date", "uuid"], order: ORDER } as const;
  const keyset = keysetQuery(ARTICLES, page);
  const base = await findBase(actor, baseId);
  await assertCanViewScope(actor, base);
  const rows = await db().knowledgeArticle.findMany({
    where: { baseId: base.id, AND: [keyset.after] },
    orderBy: keyset.orderBy,
    take: keyset.take,
    select: ARTICLE_SUMMARY_SELECT,
  });
  const { items, nextCursor } = cursorPage(ARTICLES, rows, page, (row) => [row.createdAt, row.id]);
  return {
    base: {
      id: base.id,
      scope: base.domainId ? "domain" : "org",
      domainId: base.domainId,
      name: base.name,
      canManage: canManageScopeWith(actor, await myDomainRoles(actor), base),
    },
    articles: items.map(toArticleSummary),
    nextCursor,
  };
}

import type { TListBasesResponse } from "@/contracts/knowledge/list-bases";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { pageInMemory, type TPageRequest } from "@/server/services/common/cursor-page";
import { ensureKnowledgeBases } from "./ensure-knowledge-bases";
import { canManageScopeWith, myDomainRoles } from "./knowledge-access";

const BASES = { list: "bases", shape: ["text", "text", "uuid"] } as const;
type TBaseKey = readonly [scope: string, name: string, id: string];
const baseKey = (base: { domainId: string | null; name: string; id: string }): TBaseKey => [
  base.domainId === null ? "org" : "domain",
  base.name,
  base.id,
];
/** The organization's base first, then domains by name (as the locale orders them), then id. */
const compareBases = (a: TBaseKey, b: TBaseKey) =>
  (a[0] === b[0] ? 0 : a[0] === "org" ? -1 : 1) || a[1].localeCompare(b[1]) || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);

/**
 * The bases the caller can see, with article counts: the organization's (every member) and
 * those of the domains the caller belongs to. Missing bases are created first. A page of them
 * with `limit` (the tenant door), all of them without (the console).
 */
export async function listBases(
  actor: TUserActor,
  page: TPageRequest = {},
): Promise<TListBasesResponse & { nextCursor: string | null }> {
  await ensureKnowledgeBases(actor.orgId);
  const roles = await myDomainRoles(actor);
  const bases = await db().knowledgeBase.findMany({
    where: { organizationId: actor.orgId, OR: [{ domainId: null }, { domainId: { in: [...roles.keys()] } }] },
    select: { id: true, domainId: true, name: true, createdAt: true, _count: { select: { articles: true } } },
  });
  const published = await db().knowledgeArticle.groupBy({
    by: ["baseId"],
    where: { baseId: { in: bases.map((base) => base.id) }, publishedAt: { not: null } },
    _count: { _all: true },
  });
  const publishedByBase = new Map(published.map((row) => [row.baseId, row._count._all]));
  // Ordered in memory (names by locale), so paged here by the shared helper: the bases are few.
  bases.sort((a, b) => compareBases(baseKey(a), baseKey(b)));
  const { items, nextCursor } = pageInMemory(BASES, bases, page, baseKey, compareBases);
  return {
    nextCursor,
    bases: items.map((base) => ({
      id: base.id,
      scope: base.domainId ? "domain" : "org",
      domainId: base.domainId,
      name: base.name,
      articleCount: base._count.articles,
      publishedCount: publishedByBase.get(base.id) ?? 0,
      canManage: canManageScopeWith(actor, roles, base),
      createdAt: base.createdAt.toISOString(),
    })),
  };
}

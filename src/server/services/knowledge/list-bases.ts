import type { TListBasesResponse } from "@/contracts/knowledge/list-bases";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { ensureKnowledgeBases } from "./ensure-knowledge-bases";
import { canManageScopeWith, myDomainRoles } from "./knowledge-access";

/**
 * The bases the caller can see, with article counts: the organization's (every member) and
 * those of the domains the caller belongs to. Missing bases are created first.
 */
export async function listBases(actor: TUserActor): Promise<TListBasesResponse> {
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
  // The organization's base first, then domains by name.
  bases.sort((a, b) => (a.domainId === null ? -1 : b.domainId === null ? 1 : a.name.localeCompare(b.name)));
  return {
    bases: bases.map((base) => ({
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

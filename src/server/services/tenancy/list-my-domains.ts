import type { TListDomainsResponse } from "@/contracts/tenancy/list-domains";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";

/**
 * Every active domain of the organization with the caller's role in each (null: not a member).
 * Archived domains leave it, and with it every picker and the default domain of /agents,
 * /connections and /triggers; /settings/domains lists them (team-domains/list-team-domains).
 */
export async function listMyDomains(actor: TUserActor): Promise<TListDomainsResponse> {
  const domains = await db().domain.findMany({
    where: { organizationId: actor.orgId, archivedAt: null },
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      slug: true,
      memberships: { where: { userId: actor.userId }, select: { role: true } },
      _count: { select: { memberships: true } },
    },
  });
  return {
    domains: domains.map((domain) => ({
      id: domain.id,
      name: domain.name,
      slug: domain.slug,
      myRole: domain.memberships[0]?.role ?? null,
      memberCount: domain._count.memberships,
    })),
  };
}

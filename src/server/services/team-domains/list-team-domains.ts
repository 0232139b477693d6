import type { TListTeamDomainsResponse } from "@/contracts/team-domains/list-team-domains";
import type { TUserActor } from "@/server/auth/actor";
import { isOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { teamDomainSelect, toTeamDomain } from "./domain-access";

/**
 * The domains of /settings/domains, by name. Organization Owners and Admins see every domain,
 * archived ones too; anyone else the domains they belong to, and the archived ones they own.
 */
export async function listTeamDomains(actor: TUserActor): Promise<TListTeamDomainsResponse> {
  const admin = isOrgAdmin(actor);
  const mine: Prisma.DomainWhereInput = admin
    ? {}
    : {
        OR: [
          { archivedAt: null, memberships: { some: { userId: actor.userId } } },
          { memberships: { some: { userId: actor.userId, role: "OWNER" } } },
        ],
      };
  const rows = await db().domain.findMany({
    where: { organizationId: actor.orgId, ...mine },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: teamDomainSelect(actor),
  });
  return { domains: rows.map((row) => toTeamDomain(actor, row)), canCreate: admin };
}

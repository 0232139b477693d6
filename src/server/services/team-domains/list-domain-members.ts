import type { TListDomainMembersResponse } from "@/contracts/team-domains/list-domain-members";
import type { TDomainIdRequest } from "@/contracts/team-domains/team-domain";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { domainAccess, domainFor, toTeamDomain } from "./domain-access";
import { domainMemberSelect, toDomainMember } from "./to-domain-member";

/**
 * A domain's members and roles, for its members and the organization's Owners and Admins; plus,
 * for those who manage an active domain, the organization's active members not in it yet.
 */
export async function listDomainMembers(
  actor: TUserActor,
  input: TDomainIdRequest,
): Promise<TListDomainMembersResponse> {
  const domain = await domainFor(db(), actor, input.domainId, "view");
  const members = await db().domainMembership.findMany({
    where: { domainId: domain.id },
    orderBy: [{ user: { name: "asc" } }, { user: { email: "asc" } }],
    select: domainMemberSelect(actor.orgId),
  });
  const mayAdd = domainAccess(actor, domain).canManage && !domain.archivedAt;
  const candidates = mayAdd
    ? await db().organizationMembership.findMany({
        where: {
          organizationId: actor.orgId,
          disabledAt: null,
          user: { disabledAt: null, domainMemberships: { none: { domainId: domain.id } } },
        },
        orderBy: [{ user: { name: "asc" } }, { user: { email: "asc" } }],
        select: { user: { select: { id: true, name: true, email: true } } },
      })
    : [];
  return {
    domain: toTeamDomain(actor, domain),
    members: members.map(toDomainMember),
    candidates: candidates.map(({ user }) => ({ userId: user.id, name: user.name, email: user.email })),
  };
}

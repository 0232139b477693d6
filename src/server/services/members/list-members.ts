import type { TListMembersResponse } from "@/contracts/members/list-members";
import type { TUserActor } from "@/server/auth/actor";
import { isOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { loadMembers, organizationDomains, PENDING_INVITATION_SELECT, toPendingInvitation } from "./member-view";

/**
 * Everyone in the organization and the invitations still waiting (not accepted, revoked or
 * expired). Every member may read it; what the caller may change is said in `viewer`.
 */
export async function listMembers(actor: TUserActor, now = new Date()): Promise<TListMembersResponse> {
  const canManage = isOrgAdmin(actor);
  const [members, invitations, domains] = await Promise.all([
    loadMembers(actor.orgId),
    db().invitation.findMany({
      where: { organizationId: actor.orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: PENDING_INVITATION_SELECT,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    }),
    organizationDomains(actor.orgId),
  ]);
  return {
    members,
    invitations: invitations.map((row) => toPendingInvitation(row, domains.currentNames)),
    viewer: { userId: actor.userId, orgRole: actor.orgRole, canManage },
    domains: canManage ? domains.current.map(({ id, name }) => ({ id, name })) : [],
  };
}

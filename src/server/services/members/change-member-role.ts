import type { TChangeMemberRoleRequest } from "@/contracts/members/change-member-role";
import type { TMember } from "@/contracts/members/member";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";
import {
  assertAnotherActiveOwner,
  assertMayChangeOwner,
  describeMember,
  lockOrganization,
  ORG_ROLE_NAME,
  targetMember,
} from "./member-rules";
import { loadMember } from "./member-view";

/**
 * An Owner or Admin changes a member's organization role. Only an Owner touches an Owner or makes
 * one; the last active Owner keeps the role. Choosing the role someone has changes nothing.
 */
export async function changeMemberRole(
  actor: TUserActor,
  { userId, orgRole }: TChangeMemberRoleRequest,
): Promise<{ member: TMember }> {
  assertOrgAdmin(actor);
  await db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.orgId);
    const target = await targetMember(tx, actor.orgId, userId);
    assertMayChangeOwner(actor, target, orgRole);
    if (target.role === orgRole) return;
    if (orgRole !== "OWNER") await assertAnotherActiveOwner(tx, actor, target, "demote");
    await tx.organizationMembership.update({ where: { id: target.id }, data: { role: orgRole } });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "member.role_changed",
      subject: { type: "user", id: userId },
      summary: `Changed the role of ${describeMember(target)} from ${ORG_ROLE_NAME[target.role]} to ${ORG_ROLE_NAME[orgRole]}`,
      data: { email: target.user.email, from: target.role, to: orgRole },
    });
  });
  return { member: await loadMember(actor.orgId, userId) };
}

import type { TRemoveMemberRequest } from "@/contracts/members/remove-member";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";
import {
  assertAnotherActiveOwner,
  assertMayChangeOwner,
  describeMember,
  lockOrganization,
  targetMember,
} from "./member-rules";

/**
 * Removes a member from the organization: the membership and their memberships of its domains
 * are deleted, their API keys of this organization revoked and their short-lived tokens expired,
 * in one transaction. Their account and what they made stay. Removing yourself is leaving; the
 * last active Owner cannot leave.
 */
export async function removeMember(actor: TUserActor, { userId }: TRemoveMemberRequest, now = new Date()) {
  assertOrgAdmin(actor);
  return db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.orgId);
    const target = await targetMember(tx, actor.orgId, userId);
    assertMayChangeOwner(actor, target);
    await assertAnotherActiveOwner(tx, actor, target, "remove");
    const domains = await tx.domainMembership.deleteMany({
      where: { userId, domain: { organizationId: actor.orgId } },
    });
    await tx.organizationMembership.delete({ where: { id: target.id } });
    const keys = await tx.apiKey.updateMany({
      where: { userId, organizationId: actor.orgId, revokedAt: null },
      data: { revokedAt: now },
    });
    // A yku_ token lives an hour; expired now, it cannot come back if the person is invited again.
    await tx.accessToken.updateMany({
      where: { userId, organizationId: actor.orgId, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "member.removed",
      subject: { type: "user", id: userId },
      summary: `Removed ${describeMember(target)}`,
      data: { email: target.user.email, role: target.role, domainMemberships: domains.count, revokedKeys: keys.count },
    });
    return { userId, revokedKeys: keys.count };
  });
}

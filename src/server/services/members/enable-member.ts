import type { TEnableMemberRequest } from "@/contracts/members/enable-member";
import type { TMember } from "@/contracts/members/member";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";
import { assertMayChangeOwner, describeMember, lockOrganization, targetMember } from "./member-rules";
import { loadMember } from "./member-view";

/** Enables a disabled member: their cookie, keys and tokens work again in this organization. */
export async function enableMember(actor: TUserActor, { userId }: TEnableMemberRequest): Promise<{ member: TMember }> {
  assertOrgAdmin(actor);
  await db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.orgId);
    const target = await targetMember(tx, actor.orgId, userId);
    assertMayChangeOwner(actor, target);
    if (!target.disabledAt) return;
    await tx.organizationMembership.update({ where: { id: target.id }, data: { disabledAt: null } });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "member.enabled",
      subject: { type: "user", id: userId },
      summary: `Enabled ${describeMember(target)}`,
      data: { email: target.user.email },
    });
  });
  return { member: await loadMember(actor.orgId, userId) };
}

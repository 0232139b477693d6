import type { TDisableMemberRequest } from "@/contracts/members/disable-member";
import type { TMember } from "@/contracts/members/member";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import {
  assertAnotherActiveOwner,
  assertMayChangeOwner,
  describeMember,
  lockOrganization,
  targetMember,
} from "./member-rules";
import { loadMember } from "./member-view";

/**
 * Disables a member in this organization: their cookie, yk_ keys and yku_ tokens are refused here
 * at once (authenticate.ts reads the membership on every request); nothing is deleted, so enabling
 * restores them as they were. Nobody disables themselves, and the last active Owner stays.
 */
export async function disableMember(
  actor: TUserActor,
  { userId }: TDisableMemberRequest,
  now = new Date(),
): Promise<{ member: TMember }> {
  assertOrgAdmin(actor);
  await db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.orgId);
    const target = await targetMember(tx, actor.orgId, userId);
    assertMayChangeOwner(actor, target);
    if (target.user.id === actor.userId) {
      throw new AppError("CONFLICT", "You cannot disable yourself: ask another Owner or Admin to do it.");
    }
    if (target.disabledAt) return;
    await assertAnotherActiveOwner(tx, actor, target, "disable");
    await tx.organizationMembership.update({ where: { id: target.id }, data: { disabledAt: now } });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "member.disabled",
      subject: { type: "user", id: userId },
      summary: `Disabled ${describeMember(target)}`,
      data: { email: target.user.email },
    });
  });
  return { member: await loadMember(actor.orgId, userId) };
}

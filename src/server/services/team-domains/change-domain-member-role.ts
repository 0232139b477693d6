import type { TChangeDomainMemberRoleRequest } from "@/contracts/team-domains/change-domain-member-role";
import type { TDomainMember } from "@/contracts/team-domains/team-domain";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import { domainFor, personLabel, ROLE_LABEL } from "./domain-access";
import { assertAnotherOwner } from "./owner-rule";
import { domainMemberSelect, toDomainMember } from "./to-domain-member";

/** Another role for a member of an active domain; the same role again changes nothing and records nothing. */
export async function changeDomainMemberRole(
  actor: TUserActor,
  input: TChangeDomainMemberRoleRequest,
): Promise<{ member: TDomainMember }> {
  return db().$transaction(async (tx) => {
    const domain = await domainFor(tx, actor, input.domainId, "change", { lock: true });
    const key = { domainId_userId: { domainId: domain.id, userId: input.userId } };
    const current = await tx.domainMembership.findUnique({ where: key, select: domainMemberSelect(actor.orgId) });
    if (!current) throw notFound("domain member", { field: "userId" });
    if (current.role === input.role) return { member: toDomainMember(current) };
    const label = personLabel(current.user);
    if (current.role === "OWNER") {
      await assertAnotherOwner(tx, { domainId: domain.id, userId: input.userId, label, doing: "change" });
    }
    const row = await tx.domainMembership.update({
      where: key,
      data: { role: input.role },
      select: domainMemberSelect(actor.orgId),
    });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "domain.member_role_changed",
      subject: { type: "domain", id: domain.id },
      summary: `Changed the role of ${label} in the domain "${domain.name}" from ${ROLE_LABEL[current.role]} to ${ROLE_LABEL[input.role]}`,
      data: { userId: input.userId, email: current.user.email, from: current.role, to: input.role },
    });
    return { member: toDomainMember(row) };
  });
}

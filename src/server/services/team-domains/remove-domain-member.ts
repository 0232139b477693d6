import type { TRemoveDomainMemberRequest } from "@/contracts/team-domains/remove-domain-member";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import { domainFor, personLabel, ROLE_LABEL } from "./domain-access";
import { assertAnotherOwner } from "./owner-rule";

/**
 * Takes a person's role in an active domain away: they lose what it allowed at once (permissions
 * are read on every request); what they created there stays.
 */
export async function removeDomainMember(
  actor: TUserActor,
  input: TRemoveDomainMemberRequest,
): Promise<{ removed: { userId: string } }> {
  return db().$transaction(async (tx) => {
    const domain = await domainFor(tx, actor, input.domainId, "change", { lock: true });
    const key = { domainId_userId: { domainId: domain.id, userId: input.userId } };
    const current = await tx.domainMembership.findUnique({
      where: key,
      select: { role: true, user: { select: { name: true, email: true } } },
    });
    if (!current) throw notFound("domain member", { field: "userId" });
    const label = personLabel(current.user);
    if (current.role === "OWNER") {
      await assertAnotherOwner(tx, { domainId: domain.id, userId: input.userId, label, doing: "remove" });
    }
    await tx.domainMembership.delete({ where: key });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "domain.member_removed",
      subject: { type: "domain", id: domain.id },
      summary: `Removed ${label} (${ROLE_LABEL[current.role]}) from the domain "${domain.name}"`,
      data: { userId: input.userId, email: current.user.email, role: current.role },
    });
    return { removed: { userId: input.userId } };
  });
}

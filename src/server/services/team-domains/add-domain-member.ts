import type { TAddDomainMemberRequest } from "@/contracts/team-domains/add-domain-member";
import type { TDomainMember } from "@/contracts/team-domains/team-domain";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import { domainFor, personLabel, ROLE_LABEL } from "./domain-access";
import { domainMemberSelect, toDomainMember } from "./to-domain-member";

/**
 * Gives a member of the organization a role in an active domain. A person of another
 * organization (or no one) is the uniform 404; a disabled member, or someone already in the
 * domain, is refused on the person field.
 */
export async function addDomainMember(
  actor: TUserActor,
  input: TAddDomainMemberRequest,
): Promise<{ member: TDomainMember }> {
  return db().$transaction(async (tx) => {
    const domain = await domainFor(tx, actor, input.domainId, "change", { lock: true });
    const person = await tx.organizationMembership.findUnique({
      where: { organizationId_userId: { organizationId: actor.orgId, userId: input.userId } },
      select: { disabledAt: true, user: { select: { name: true, email: true, disabledAt: true } } },
    });
    if (!person) throw notFound("user", { field: "userId" });
    const label = personLabel(person.user);
    if (person.disabledAt || person.user.disabledAt) {
      throw new AppError(
        "CONFLICT",
        `${label} is disabled in this organization. Enable them before giving them a role in a domain.`,
        { details: { field: "userId", reason: "disabled" } },
      );
    }
    const existing = await tx.domainMembership.findUnique({
      where: { domainId_userId: { domainId: domain.id, userId: input.userId } },
      select: { role: true },
    });
    if (existing) {
      throw new AppError(
        "CONFLICT",
        `${label} is already in this domain as ${ROLE_LABEL[existing.role]}. Change their role in the list instead.`,
        { details: { field: "userId", reason: "already_member" } },
      );
    }
    const row = await tx.domainMembership.create({
      data: { domainId: domain.id, userId: input.userId, role: input.role },
      select: domainMemberSelect(actor.orgId),
    });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "domain.member_added",
      subject: { type: "domain", id: domain.id },
      summary: `Gave ${label} the ${ROLE_LABEL[input.role]} role in the domain "${domain.name}"`,
      data: { userId: input.userId, email: person.user.email, role: input.role },
    });
    return { member: toDomainMember(row) };
  });
}

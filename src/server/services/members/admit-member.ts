import type { TAcceptInvitationResponse } from "@/contracts/members/accept-invitation";
import type { TUserActor } from "@/server/auth/actor";
import type { TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import { storedGrants } from "./domain-grants";
import { invitationRefusal, invitationState, type TFoundInvitation } from "./find-invitation";
import { lockOrganization, ORG_ROLE_NAME } from "./member-rules";

type TJoiner = { id: string; name: string; email: string };

/**
 * Spends the invitation and makes the person a member with its roles, inside the caller's
 * transaction. Spending is a conditional update, so one link admits once even when submitted
 * twice at the same moment. Domains deleted since the invitation are skipped.
 */
export async function admitMember(
  tx: TTransaction,
  invitation: TFoundInvitation,
  joiner: TJoiner,
  options: { now: Date; newAccount: boolean },
): Promise<TAcceptInvitationResponse> {
  const orgId = invitation.organization.id;
  await lockOrganization(tx, orgId);
  const { count } = await tx.invitation.updateMany({
    where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: options.now } },
    data: { acceptedAt: options.now },
  });
  if (count !== 1) {
    const current = await tx.invitation.findUniqueOrThrow({
      where: { id: invitation.id },
      select: { acceptedAt: true, revokedAt: true, expiresAt: true },
    });
    const state = invitationState(current, options.now);
    throw invitationRefusal(state === "valid" ? "used" : state);
  }
  const already = await tx.organizationMembership.findUnique({
    where: { organizationId_userId: { organizationId: orgId, userId: joiner.id } },
    select: { id: true },
  });
  if (already) {
    throw new AppError(
      "CONFLICT",
      `${joiner.email} is already a member of ${invitation.organization.name}: sign in to reach it.`,
      { details: { state: "member" } },
    );
  }
  await tx.organizationMembership.create({
    data: { organizationId: orgId, userId: joiner.id, role: invitation.orgRole, createdAt: options.now },
  });
  const grants = storedGrants(invitation.domainRoles);
  const domains = await tx.domain.findMany({
    where: { organizationId: orgId, id: { in: grants.map((grant) => grant.domainId) } },
    select: { id: true },
  });
  const existing = new Set(domains.map((domain) => domain.id));
  const granted = grants.filter((grant) => existing.has(grant.domainId));
  for (const grant of granted) {
    await tx.domainMembership.upsert({
      where: { domainId_userId: { domainId: grant.domainId, userId: joiner.id } },
      create: { domainId: grant.domainId, userId: joiner.id, role: grant.role },
      update: { role: grant.role },
    });
  }
  const actor: TUserActor = {
    kind: "user",
    userId: joiner.id,
    email: joiner.email,
    name: joiner.name,
    orgId,
    orgRole: invitation.orgRole,
    via: "cookie",
    credentialId: null,
  };
  await recordAudit(tx, {
    orgId,
    actor,
    kind: "member.joined",
    subject: { type: "user", id: joiner.id },
    summary: `${joiner.name} <${joiner.email}> joined as ${ORG_ROLE_NAME[invitation.orgRole]}`,
    data: {
      invitationId: invitation.id,
      invitedBy: invitation.invitedBy?.name ?? null,
      orgRole: invitation.orgRole,
      domainRoles: granted,
      newAccount: options.newAccount,
    },
  });
  return { orgId, organizationName: invitation.organization.name, email: joiner.email };
}

import type { TInviteMemberInput, TInviteMemberResponse } from "@/contracts/members/invite-member";
import type { TUserActor } from "@/server/auth/actor";
import { mintLinkToken } from "@/server/auth/link-token";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import { assertGrantableDomains } from "./domain-grants";
import { INVITATION_LIFETIME_MS, invitationUrl } from "./invitation-link";
import { sendInvitationMail } from "./invitation-mail";
import { lockOrganization, ORG_ROLE_NAME } from "./member-rules";
import { organizationDomains, PENDING_INVITATION_SELECT, toPendingInvitation } from "./member-view";

/**
 * An Owner or Admin invites an address with an organization role and optional domain roles. The
 * link is returned once (only its hash is stored) and, with SMTP configured, emailed; a mail
 * server's refusal leaves the invitation in place. One open invitation per address: a second is
 * refused until the first is revoked, so an old link can never grant other roles than shown.
 */
export async function inviteMember(
  actor: TUserActor,
  input: TInviteMemberInput,
  now = new Date(),
): Promise<TInviteMemberResponse> {
  assertOrgAdmin(actor);
  if (input.orgRole === "OWNER" && actor.orgRole !== "OWNER") {
    throw new AppError("FORBIDDEN", "Only an Owner may invite an Owner: choose Admin or Member.", {
      details: { field: "orgRole" },
    });
  }
  const email = input.email;
  const minted = mintLinkToken();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const { row, organizationName } = await db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.orgId);
    await assertGrantableDomains(tx, actor.orgId, input.domainRoles);
    const member = await tx.organizationMembership.findFirst({
      where: { organizationId: actor.orgId, user: { email } },
      select: { id: true },
    });
    if (member) {
      throw new AppError("CONFLICT", `${email} is already a member of this organization.`, {
        details: { field: "email" },
      });
    }
    const open = await tx.invitation.findFirst({
      where: { organizationId: actor.orgId, email, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { id: true, expiresAt: true },
    });
    if (open) {
      throw new AppError(
        "CONFLICT",
        `${email} already has an open invitation (valid until ${open.expiresAt.toISOString().slice(0, 10)}). Revoke it under Pending invitations to send a new one.`,
        { details: { field: "email", invitationId: open.id } },
      );
    }
    const created = await tx.invitation.create({
      data: {
        organizationId: actor.orgId,
        email,
        orgRole: input.orgRole,
        domainRoles: input.domainRoles,
        prefix: minted.prefix,
        secretHash: minted.secretHash,
        invitedById: actor.userId,
        expiresAt,
        createdAt: now,
      },
      select: { ...PENDING_INVITATION_SELECT, organization: { select: { name: true } } },
    });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "member.invited",
      subject: { type: "invitation", id: created.id },
      summary: `Invited ${email} as ${ORG_ROLE_NAME[input.orgRole]}`,
      data: { email, orgRole: input.orgRole, domainRoles: input.domainRoles, expiresAt: expiresAt.toISOString() },
    });
    return { row: created, organizationName: created.organization.name };
  });
  const link = invitationUrl(minted.token);
  const [mail, domains] = await Promise.all([
    sendInvitationMail({
      to: email,
      organizationName,
      inviter: { name: actor.name, email: actor.email },
      orgRole: input.orgRole,
      link,
      expiresAt,
    }),
    organizationDomains(actor.orgId),
  ]);
  return { invitation: toPendingInvitation(row, domains.currentNames), link, mail };
}

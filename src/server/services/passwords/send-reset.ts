import type { TSendPasswordResetRequest, TSendPasswordResetResponse } from "@/contracts/passwords/send-reset";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { log } from "@/server/log";
import { mailConfigured, sendMail } from "@/server/mail/send-mail";
import { recordAudit } from "@/server/services/audit/record-audit";
import { resetMail } from "./reset-mail";
import { issueResetLink } from "./reset-links";

/**
 * An Owner or Admin sends a member of their organization a password reset link. Emailed when the
 * service can send mail; otherwise (or when the mail server refuses) the link is answered once for
 * the admin to pass on. Only an Owner may reset an Owner's password; anyone outside the
 * organization is the uniform 404.
 */
export async function sendPasswordReset(
  actor: TUserActor,
  { userId }: TSendPasswordResetRequest,
  now = new Date(),
): Promise<TSendPasswordResetResponse> {
  if (actor.orgRole === "MEMBER") {
    throw new AppError("FORBIDDEN", "Only an Owner or Admin of the organization can send password reset links.");
  }
  const membership = await db().organizationMembership.findUnique({
    where: { organizationId_userId: { organizationId: actor.orgId, userId } },
    select: {
      role: true,
      disabledAt: true,
      organization: { select: { name: true } },
      user: { select: { id: true, email: true, disabledAt: true } },
    },
  });
  if (!membership) throw notFound("member");
  if (membership.role === "OWNER" && actor.orgRole !== "OWNER") {
    throw new AppError("FORBIDDEN", "Only an Owner can reset an Owner's password.");
  }
  if (membership.disabledAt || membership.user.disabledAt) {
    throw new AppError("CONFLICT", "This member is disabled: enable them before sending a reset link.");
  }
  const person = membership.user;
  const byEmail = mailConfigured();
  const issued = await db().$transaction(async (tx) => {
    const link = await issueResetLink(tx, { userId: person.id, createdById: actor.userId, now });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "member.password_reset_sent",
      subject: { type: "user", id: person.id },
      summary: `Sent ${person.email} a password reset link${byEmail ? " by email" : " to pass on"}`,
      data: { byEmail, expiresAt: link.expiresAt.toISOString() },
    });
    return link;
  });
  const expiresAt = issued.expiresAt.toISOString();
  if (byEmail) {
    const why = `${actor.name} (${membership.organization.name}) sent you a link to choose a new password for ${person.email}.`;
    try {
      await sendMail(resetMail(person.email, issued.link, why));
      return { emailed: true, link: null, expiresAt };
    } catch (error) {
      // The link exists already: hand it to the admin rather than failing the whole request.
      log.warn("Password reset: the mail server refused the message; the link is shown to the admin instead.", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { emailed: false, link: issued.link, expiresAt };
}

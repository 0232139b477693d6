import type { OrgRole } from "@/server/db/generated/enums";
import { log } from "@/server/log";
import { mailConfigured, sendMail } from "@/server/mail/send-mail";
import { ORG_ROLE_NAME } from "./member-rules";

export type TInvitationMail = {
  to: string;
  organizationName: string;
  inviter: { name: string; email: string };
  orgRole: OrgRole;
  link: string;
  expiresAt: Date;
};

export type TMailOutcome = "sent" | "failed" | "off";

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The invitation's plain-text email: who invites, to what, as what, and the link. */
export function invitationMailText(mail: TInvitationMail): { subject: string; text: string } {
  return {
    subject: `${mail.inviter.name} invited you to ${mail.organizationName}`,
    text: [
      `${mail.inviter.name} (${mail.inviter.email}) invited you to join ${mail.organizationName} as ${ORG_ROLE_NAME[mail.orgRole]}.`,
      "",
      "Open this link to accept:",
      mail.link,
      "",
      `The link works once and expires on ${day(mail.expiresAt)} (UTC). If you did not expect this invitation, ignore this email.`,
    ].join("\n"),
  };
}

/**
 * Emails the invitation when SMTP is configured. A refusal is reported, never thrown: the
 * invitation stands and its link is shown to copy. The link itself is never logged.
 */
export async function sendInvitationMail(mail: TInvitationMail): Promise<TMailOutcome> {
  if (!mailConfigured()) return "off";
  try {
    await sendMail({ to: mail.to, ...invitationMailText(mail) });
    return "sent";
  } catch (error) {
    log.warn("invitation email could not be sent", { reason: error instanceof Error ? error.message : String(error) });
    return "failed";
  }
}

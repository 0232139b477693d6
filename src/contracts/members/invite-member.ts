import { z } from "zod";
import { ZDomainRole, ZOrgRole } from "@/contracts/tenancy/get-me";
import { ZInviteEmail, ZPendingInvitation } from "./member";

export const MAX_INVITATION_DOMAINS = 100;

export const ZInviteMemberRequest = z.strictObject({
  email: ZInviteEmail,
  orgRole: ZOrgRole,
  /** Domain memberships granted when the invitation is accepted; one role per domain. */
  domainRoles: z
    .array(z.strictObject({ domainId: z.uuid("Choose a domain of this organization"), role: ZDomainRole }))
    .max(MAX_INVITATION_DOMAINS, `must name at most ${MAX_INVITATION_DOMAINS} domains`)
    .refine((roles) => new Set(roles.map((grant) => grant.domainId)).size === roles.length, {
      message: "must name each domain once",
    })
    .default([]),
});

/** sent: the email left; failed: SMTP refused it (copy the link); off: SMTP is not configured. */
export const INVITATION_MAIL_OUTCOMES = ["sent", "failed", "off"] as const;

export const ZInviteMemberResponse = z.object({
  invitation: ZPendingInvitation,
  /** The single-use link, shown once: only its hash is stored. */
  link: z.string(),
  mail: z.enum(INVITATION_MAIL_OUTCOMES),
});

export type TInviteMemberRequest = z.input<typeof ZInviteMemberRequest>;
export type TInviteMemberInput = z.output<typeof ZInviteMemberRequest>;
export type TInviteMemberResponse = z.infer<typeof ZInviteMemberResponse>;

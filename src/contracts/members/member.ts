import { z } from "zod";
import { ZDomainRole, ZOrgRole } from "@/contracts/tenancy/get-me";

/** An email an invitation is sent to: trimmed and lowercased, so one address is one person. */
export const ZInviteEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("must be an email address like name@company.com").max(254, "must be at most 254 characters"));

/** A domain membership as the members page shows it. */
export const ZMemberDomain = z.object({ domainId: z.uuid(), domainName: z.string(), role: ZDomainRole });

export const MEMBER_STATUSES = ["active", "disabled"] as const;

/** A person of the organization: never a password, only what an Owner or Admin manages. */
export const ZMember = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  orgRole: ZOrgRole,
  /** disabled: refused everywhere in this organization until enabled again. */
  status: z.enum(MEMBER_STATUSES),
  domains: z.array(ZMemberDomain),
  /** The latest of their last sign-in and their API keys' last use in this organization. */
  lastActiveAt: z.string().nullable(),
  joinedAt: z.string(),
});

/** An invitation not yet accepted, revoked or expired. */
export const ZPendingInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  orgRole: ZOrgRole,
  domains: z.array(ZMemberDomain),
  invitedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export type TMember = z.infer<typeof ZMember>;
export type TMemberDomain = z.infer<typeof ZMemberDomain>;
export type TPendingInvitation = z.infer<typeof ZPendingInvitation>;

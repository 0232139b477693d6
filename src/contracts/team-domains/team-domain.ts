import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZDomainRole } from "@/contracts/tenancy/get-me";

export const DOMAIN_NAME_MAX = 80;

/** A domain's name as people type it: trimmed, 1-80 characters (unique per organization, ignoring case). */
export const ZDomainName = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .max(DOMAIN_NAME_MAX, `must be at most ${DOMAIN_NAME_MAX} characters`);

/** The role picked in a form: an explicit choice, so a missing one reads as a sentence. */
export const ZDomainRoleChoice = z.enum(ZDomainRole.options, { message: "must be Owner, Editor, Operator or Viewer" });

/** A domain as /settings/domains shows it, with what the caller may do there. */
export const ZTeamDomain = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  /** When it was archived; null while active. */
  archivedAt: z.string().nullable(),
  memberCount: z.number().int(),
  /** Active triggers of the domain: archiving deactivates them. */
  activeTriggerCount: z.number().int(),
  /** The caller's role in the domain; null when they are not a member of it. */
  myRole: ZDomainRole.nullable(),
  /** Rename, archive, restore and manage members: organization Owners and Admins, the domain's Owners. */
  canManage: z.boolean(),
});

export type TTeamDomain = z.infer<typeof ZTeamDomain>;

/** One person's membership of a domain. */
export const ZDomainMember = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: ZDomainRole,
  /** Disabled (or no longer) in the organization: the role stays but grants nothing until enabled. */
  disabled: z.boolean(),
  addedAt: z.string(),
});

export type TDomainMember = z.infer<typeof ZDomainMember>;

export const ZDomainIdRequest = z.strictObject({ domainId: ZUuid });
export type TDomainIdRequest = z.infer<typeof ZDomainIdRequest>;

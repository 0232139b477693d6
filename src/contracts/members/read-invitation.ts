import { z } from "zod";
import { ZOrgRole } from "@/contracts/tenancy/get-me";

/**
 * The invitation page (no sign-in: the link is the credential). Console only, through tRPC;
 * not part of any API document.
 */
export const ZInvitationLinkToken = z.string().min(1).max(200);

export const ZReadInvitationRequest = z.strictObject({ token: ZInvitationLinkToken });

export const INVITATION_STATES = ["valid", "used", "expired", "revoked", "unknown"] as const;
export type TInvitationState = (typeof INVITATION_STATES)[number];

export const ZReadInvitationResponse = z.object({
  state: z.enum(INVITATION_STATES),
  /** Null for an unknown link: it names nothing. */
  organizationName: z.string().nullable(),
  /** The rest only for a valid link. */
  email: z.string().nullable(),
  orgRole: ZOrgRole.nullable(),
  invitedByName: z.string().nullable(),
  /** The invited address already has an account: it joins by signing in, not by choosing a password. */
  accountExists: z.boolean(),
  expiresAt: z.string().nullable(),
});

export type TReadInvitationResponse = z.infer<typeof ZReadInvitationResponse>;

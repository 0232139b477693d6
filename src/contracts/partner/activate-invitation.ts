import { z } from "zod";
import { ZNewPassword } from "@/contracts/passwords/new-password";

/**
 * The owner's activation page (console, no sign-in): what the link is, and activating it. Not
 * part of the partner API document: the page calls these through the console's tRPC client.
 */
export const ZInvitationToken = z.string().min(1).max(200);

export const ZReadInvitationRequest = z.strictObject({ token: ZInvitationToken });
export const INVITATION_STATES = ["valid", "used", "expired", "unknown", "partner_only"] as const;
export const ZReadInvitationResponse = z.object({
  state: z.enum(INVITATION_STATES),
  organizationName: z.string().nullable(),
  ownerName: z.string().nullable(),
  partnerName: z.string().nullable(),
});
export type TReadInvitationResponse = z.infer<typeof ZReadInvitationResponse>;

export const ZActivateInvitationRequest = z.strictObject({
  token: ZInvitationToken,
  email: z.email("must be an email address like name@company.com").max(254),
  password: ZNewPassword,
});
export type TActivateInvitationRequest = z.infer<typeof ZActivateInvitationRequest>;

export const ZActivateInvitationResponse = z.object({ orgId: z.uuid(), email: z.string() });
export type TActivateInvitationResponse = z.infer<typeof ZActivateInvitationResponse>;

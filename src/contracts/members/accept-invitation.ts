import { z } from "zod";
import { ZNewPassword } from "@/contracts/passwords/new-password";
import { ZInvitationLinkToken } from "./read-invitation";

/** A new person names themselves and chooses a password; an existing account proves its password. */
export const ZAcceptInvitationRequest = z.discriminatedUnion("account", [
  z.strictObject({
    account: z.literal("new"),
    token: ZInvitationLinkToken,
    name: z.string().trim().min(1, "must not be blank").max(100, "must be at most 100 characters"),
    password: ZNewPassword,
  }),
  z.strictObject({
    account: z.literal("existing"),
    token: ZInvitationLinkToken,
    password: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  }),
]);

export const ZAcceptInvitationResponse = z.object({
  orgId: z.uuid(),
  organizationName: z.string(),
  email: z.string(),
});

export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponse>;

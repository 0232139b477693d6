import { z } from "zod";

/** An Owner or Admin sends a member a password reset link (console, /settings/members). */
export const ZSendPasswordResetRequest = z.strictObject({
  userId: z.uuid("Choose a member of this organization"),
});

export const ZSendPasswordResetResponse = z.object({
  /** True when the link was emailed to the member (SMTP_URL is configured and the server took it). */
  emailed: z.boolean(),
  /** The link itself, shown once to copy when it was not emailed; null when it was. */
  link: z.string().nullable(),
  expiresAt: z.iso.datetime(),
});

export type TSendPasswordResetRequest = z.infer<typeof ZSendPasswordResetRequest>;
export type TSendPasswordResetResponse = z.infer<typeof ZSendPasswordResetResponse>;

import { z } from "zod";
import { ZResetToken } from "./new-password";

/** What a password reset link is, for the reset page (no sign-in: the link is the credential). */
export const ZReadPasswordResetRequest = z.strictObject({ token: ZResetToken });

export const RESET_LINK_STATES = ["valid", "used", "expired", "unknown"] as const;

export const ZReadPasswordResetResponse = z.object({
  /** expired also covers a link replaced by a newer one (each new link ends the earlier ones). */
  state: z.enum(RESET_LINK_STATES),
  /** The account the link resets, only while the link is valid (its holder received it at that address). */
  email: z.string().nullable(),
});

export type TReadPasswordResetResponse = z.infer<typeof ZReadPasswordResetResponse>;

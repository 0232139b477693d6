import { z } from "zod";
import { ZNewPassword, ZResetToken } from "./new-password";

/** Sets a new password with a reset link; the link is spent and every session of the person ends. */
export const ZCompletePasswordResetRequest = z.strictObject({ token: ZResetToken, password: ZNewPassword });

/** The account's email, so the page can sign the person in with the password they just chose. */
export const ZCompletePasswordResetResponse = z.object({ email: z.string() });

export type TCompletePasswordResetRequest = z.infer<typeof ZCompletePasswordResetRequest>;
export type TCompletePasswordResetResponse = z.infer<typeof ZCompletePasswordResetResponse>;

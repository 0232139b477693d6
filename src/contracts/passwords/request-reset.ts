import { z } from "zod";

/**
 * "Forgot password?" on the sign-in page (POST /signin/forgot/request, shown only when the service
 * can send email). The answer is the same whether or not an account has the address.
 */
export const ZRequestPasswordResetRequest = z.strictObject({
  email: z.email("Enter an email address like name@company.com").max(254, "must be at most 254 characters"),
});

export const REQUEST_RESET_ANSWER = "If an account exists for that address, we sent a link to reset its password.";

export const ZRequestPasswordResetResponse = z.object({ message: z.literal(REQUEST_RESET_ANSWER) });

export type TRequestPasswordResetRequest = z.infer<typeof ZRequestPasswordResetRequest>;
export type TRequestPasswordResetResponse = z.infer<typeof ZRequestPasswordResetResponse>;

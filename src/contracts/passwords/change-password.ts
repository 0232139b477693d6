import { z } from "zod";
import { PASSWORD_MAX_LENGTH, ZNewPassword } from "./new-password";

/** Change your own password (console, /settings/account). The confirmation is the form's own check. */
export const ZChangePasswordRequest = z
  .strictObject({
    currentPassword: z
      .string()
      .min(1, "Enter your current password")
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
    newPassword: ZNewPassword,
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ["newPassword"],
    message: "must differ from your current password",
  });

export const ZChangePasswordResponse = z.object({
  /** From this instant, every console session of the person signed in earlier is refused. */
  passwordChangedAt: z.iso.datetime(),
});

export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

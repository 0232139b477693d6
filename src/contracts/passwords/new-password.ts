import { z } from "zod";
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * A password a person chooses, wherever they choose one: an activated owner, an invited member,
 * a reset or a change (at least 12 characters).
 */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** How long a password reset link works (admin, "Forgot password?" and the command line alike). */
export const RESET_LINK_MINUTES = 60;

/** The secret of a reset link as it arrives in a URL: bounded, checked for its shape by the service. */
export const ZResetToken = z.string().min(1, "must not be empty").max(200, "must be at most 200 characters");

import {
  REQUEST_RESET_ANSWER,
  type TRequestPasswordResetRequest,
  type TRequestPasswordResetResponse,
} from "@/contracts/passwords/request-reset";
import { db } from "@/server/db/client";
import { detach } from "@/server/detach";
import { AppError } from "@/server/errors";
import { mailConfigured, sendMail } from "@/server/mail/send-mail";
import { resetMail } from "./reset-mail";
import { issueResetLink } from "./reset-links";

/**
 * "Forgot password?": mails a reset link when an account that may sign in with a password has the
 * address, and answers the same sentence either way (no account enumeration). The mail is sent in
 * the background, so the answer's timing does not depend on it either. Counting requests per
 * address and per client is the caller's (the sign-in page's route, with the sign-in limits).
 */
export async function requestPasswordReset(
  { email }: TRequestPasswordResetRequest,
  now = new Date(),
): Promise<TRequestPasswordResetResponse> {
  if (!mailConfigured()) {
    throw new AppError(
      "UNAVAILABLE",
      "This service cannot send email, so it cannot send reset links. Ask an administrator of your organization to reset your password.",
    );
  }
  const user = await db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: {
      id: true,
      email: true,
      disabledAt: true,
      orgMemberships: { select: { organization: { select: { follower: { select: { directLoginDisabled: true } } } } } },
    },
  });
  // As at sign-in: a disabled person, or one reached only through a partner, has no password to reset.
  const partnerOnly =
    user !== null &&
    user.orgMemberships.length > 0 &&
    user.orgMemberships.every((membership) => membership.organization.follower?.directLoginDisabled);
  if (!user || user.disabledAt || partnerOnly) return { message: REQUEST_RESET_ANSWER };
  const issued = await db().$transaction((tx) => issueResetLink(tx, { userId: user.id, createdById: null, now }));
  const why = `Someone (we hope you) asked to reset the password of ${user.email} on the sign-in page.`;
  detach(sendMail(resetMail(user.email, issued.link, why)), "password reset: mailing a requested link");
  return { message: REQUEST_RESET_ANSWER };
}

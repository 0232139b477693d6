import type {
  TCompletePasswordResetRequest,
  TCompletePasswordResetResponse,
} from "@/contracts/passwords/complete-reset";
import { hashPassword } from "@/server/auth/password";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordPasswordChanged } from "./record-password-changed";
import { endResetLinks, findResetLink, resetLinkState } from "./reset-links";

const REFUSAL = {
  unknown: "This reset link is not valid. Check that you opened the whole link, or ask for a new one.",
  used: "This reset link was already used. Sign in with the password chosen then, or ask for a new link.",
  expired: "This reset link has expired or was replaced by a newer one. Ask for a new link.",
} as const;

/**
 * Sets a new password with a reset link: spends the link (a conditional update, so two
 * submissions of one link set the password once), ends the person's other links and every
 * console session signed in before now (passwordChangedAt).
 */
export async function completePasswordReset(
  input: TCompletePasswordResetRequest,
  now = new Date(),
): Promise<TCompletePasswordResetResponse> {
  const link = await findResetLink(input.token);
  const state = resetLinkState(link, now);
  if (!link) throw new AppError("NOT_FOUND", REFUSAL.unknown, { details: { state } });
  if (state !== "valid") throw new AppError("CONFLICT", REFUSAL[state], { details: { state } });
  const passwordHash = await hashPassword(input.password);
  await db().$transaction(async (tx) => {
    const { count } = await tx.passwordReset.updateMany({
      where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (count !== 1) throw new AppError("CONFLICT", REFUSAL.used, { details: { state: "used" } });
    await tx.user.update({ where: { id: link.user.id }, data: { passwordHash, passwordChangedAt: now } });
    await endResetLinks(tx, link.user.id, now);
    await recordPasswordChanged(tx, link.user, "reset_link");
  });
  return { email: link.user.email };
}

import type { TChangePasswordRequest, TChangePasswordResponse } from "@/contracts/passwords/change-password";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordPasswordChanged } from "./record-password-changed";
import { endResetLinks } from "./reset-links";

const WRONG_CURRENT = "Your current password is not correct.";

/**
 * A signed-in person changes their own password. Sets passwordChangedAt, so every console session
 * signed in before now is refused (auth/session-cookie.ts); the page signs this browser in again
 * with the new password. Unused reset links of the person end too.
 */
export async function changePassword(
  userId: string,
  input: TChangePasswordRequest,
  now = new Date(),
): Promise<TChangePasswordResponse> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError("VALIDATION", WRONG_CURRENT, {
      details: { issues: [{ path: "currentPassword", message: WRONG_CURRENT }] },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, passwordChangedAt: now } });
    await endResetLinks(tx, user.id, now);
    await recordPasswordChanged(tx, user, "account_settings");
  });
  return { passwordChangedAt: now.toISOString() };
}

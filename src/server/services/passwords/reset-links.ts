import { RESET_LINK_MINUTES } from "@/contracts/passwords/new-password";
import type { TReadPasswordResetResponse } from "@/contracts/passwords/read-reset";
import { linkTokenPrefix, mintLinkToken } from "@/server/auth/link-token";
import { secretMatches } from "@/server/auth/secret-token";
import { db, type TTransaction } from "@/server/db/client";
import { publicBaseUrl } from "@/server/env";

/** The page a reset link opens: the token travels in the path, like an activation link's. */
export function resetLinkUrl(token: string): string {
  return `${publicBaseUrl()}/reset-password/${token}`;
}

export type TIssuedResetLink = { link: string; expiresAt: Date };

/**
 * A new single-use link for the person, valid RESET_LINK_MINUTES; stored as prefix and hash only.
 * Every earlier unused link of the person ends now: only the newest one works.
 */
export async function issueResetLink(
  tx: TTransaction,
  { userId, createdById, now }: { userId: string; createdById: string | null; now: Date },
): Promise<TIssuedResetLink> {
  await tx.passwordReset.updateMany({
    where: { userId, usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
  const minted = mintLinkToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000);
  await tx.passwordReset.create({
    data: { userId, createdById, prefix: minted.prefix, secretHash: minted.secretHash, expiresAt },
  });
  return { link: resetLinkUrl(minted.token), expiresAt };
}

/** Ends every unused link of the person (their password was just set some other way). */
export async function endResetLinks(tx: TTransaction, userId: string, now: Date): Promise<void> {
  await tx.passwordReset.updateMany({
    where: { userId, usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
}

const RESET_SELECT = {
  id: true,
  secretHash: true,
  expiresAt: true,
  usedAt: true,
  user: { select: { id: true, email: true, name: true, disabledAt: true } },
} as const;

export type TFoundResetLink = {
  id: string;
  expiresAt: Date;
  usedAt: Date | null;
  user: { id: string; email: string; name: string; disabledAt: Date | null };
};

/** The link a presented token names, or null: a wrong shape, prefix or secret are all "unknown". */
export async function findResetLink(token: string): Promise<TFoundResetLink | null> {
  const prefix = linkTokenPrefix(token);
  if (!prefix) return null;
  const row = await db().passwordReset.findUnique({ where: { prefix }, select: RESET_SELECT });
  if (!row || !secretMatches(token, row.secretHash)) return null;
  return { id: row.id, expiresAt: row.expiresAt, usedAt: row.usedAt, user: row.user };
}

/** A disabled person's link is treated as expired: nothing to tell a stranger beyond "ask for a new one". */
export function resetLinkState(link: TFoundResetLink | null, now: Date): TReadPasswordResetResponse["state"] {
  if (!link) return "unknown";
  if (link.usedAt) return "used";
  if (link.expiresAt <= now || link.user.disabledAt) return "expired";
  return "valid";
}

import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { PARTNER_KEY_SELECT, toPartnerKey } from "./list-partner-keys";

/** Revokes a key of the platform at once; revoking twice keeps the first time. */
export async function revokePartnerKey(platformId: string, keyId: string) {
  const key = await db().partnerKey.findFirst({
    where: { id: keyId, platformId },
    select: { id: true, revokedAt: true },
  });
  if (!key) throw new AppError("NOT_FOUND", "This platform has no key with this id.");
  const row = await db().partnerKey.update({
    where: { id: key.id },
    data: { revokedAt: key.revokedAt ?? new Date() },
    select: PARTNER_KEY_SELECT,
  });
  return { key: toPartnerKey(row) };
}

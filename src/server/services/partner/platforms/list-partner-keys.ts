import type { TPartnerKey } from "@/contracts/admin/partner-key";
import { db } from "@/server/db/client";
import { platformNotFound } from "./to-platform";

export const PARTNER_KEY_SELECT = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

export function toPartnerKey(row: {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): TPartnerKey {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The platform's keys, newest first, revoked ones included. */
export async function listPartnerKeys(platformId: string) {
  const platform = await db().partnerPlatform.findUnique({
    where: { id: platformId },
    select: { keys: { select: PARTNER_KEY_SELECT, orderBy: [{ createdAt: "desc" }, { id: "asc" }] } },
  });
  if (!platform) throw platformNotFound();
  return { keys: platform.keys.map(toPartnerKey) };
}

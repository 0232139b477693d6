import type { TPartnerApp } from "@/contracts/admin/partner-key";
import { db } from "@/server/db/client";
import { platformNotFound } from "./to-platform";

export const PARTNER_APP_SELECT = { id: true, name: true, createdAt: true, revokedAt: true } as const;

export function toPartnerApp(row: { id: string; name: string; createdAt: Date; revokedAt: Date | null }): TPartnerApp {
  return { ...row, createdAt: row.createdAt.toISOString(), revokedAt: row.revokedAt?.toISOString() ?? null };
}

/** The platform's apps, newest first, revoked ones included. */
export async function listPartnerApps(platformId: string) {
  const platform = await db().partnerPlatform.findUnique({
    where: { id: platformId },
    select: { apps: { select: PARTNER_APP_SELECT, orderBy: [{ createdAt: "desc" }, { id: "asc" }] } },
  });
  if (!platform) throw platformNotFound();
  return { apps: platform.apps.map(toPartnerApp) };
}

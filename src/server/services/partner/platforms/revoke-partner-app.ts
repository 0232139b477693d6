import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { PARTNER_APP_SELECT, toPartnerApp } from "./list-partner-apps";

/**
 * Revokes an app: no lease is minted for its appId any more, and its live leases stop at their
 * next request (the lease check reads the app's revocation, see leases/lease-access.ts).
 * Revoking twice keeps the first time.
 */
export async function revokePartnerApp(platformId: string, appId: string) {
  const app = await db().partnerApp.findFirst({
    where: { id: appId, platformId },
    select: { id: true, revokedAt: true },
  });
  if (!app) throw new AppError("NOT_FOUND", "This platform has no app with this id.");
  const row = await db().partnerApp.update({
    where: { id: app.id },
    data: { revokedAt: app.revokedAt ?? new Date() },
    select: PARTNER_APP_SELECT,
  });
  return { app: toPartnerApp(row) };
}

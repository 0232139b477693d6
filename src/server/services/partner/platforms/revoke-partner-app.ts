import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { PARTNER_APP_SELECT, toPartnerApp } from "./list-partner-apps";

/**
 * Revokes an app: no new lease is minted for its appId. Its live leases are deleted in the
 * same transaction, so nothing keeps acting for a revoked app for the rest of its hour.
 */
export async function revokePartnerApp(platformId: string, appId: string) {
  return db().$transaction(async (tx) => {
    const app = await tx.partnerApp.findFirst({ where: { id: appId, platformId }, select: { id: true, revokedAt: true } });
    if (!app) throw new AppError("NOT_FOUND", "This platform has no app with this id.");
    const row = await tx.partnerApp.update({ where: { id: app.id }, data: { revokedAt: app.revokedAt ?? new Date() }, select: PARTNER_APP_SELECT });
    await tx.leaseToken.deleteMany({ where: { platformId, appId } });
    return { app: toPartnerApp(row) };
  });
}

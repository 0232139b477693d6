import { db } from "@/server/db/client";
import { PLATFORM_SELECT, platformNotFound, toPlatform } from "./to-platform";

/**
 * Suspends or reactivates a platform. A suspended platform's keys still authenticate, but every
 * partner route refuses it (PARTNER_PLATFORM_SUSPENDED); its leases stop at their next check.
 */
export async function setPlatformStatus(platformId: string, status: "ACTIVE" | "SUSPENDED") {
  const updated = await db().partnerPlatform.updateMany({ where: { id: platformId }, data: { status } });
  if (updated.count === 0) throw platformNotFound();
  const row = await db().partnerPlatform.findUniqueOrThrow({ where: { id: platformId }, select: PLATFORM_SELECT });
  return { platform: toPlatform(row) };
}

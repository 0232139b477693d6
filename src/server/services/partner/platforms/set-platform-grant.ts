import { db } from "@/server/db/client";
import { PLATFORM_SELECT, platformNotFound, toPlatform } from "./to-platform";

/** The grant: whether the platform's keys may create customers (POST /organizations). */
export async function setPlatformGrant(platformId: string, provisioningEnabled: boolean) {
  const updated = await db().partnerPlatform.updateMany({ where: { id: platformId }, data: { provisioningEnabled } });
  if (updated.count === 0) throw platformNotFound();
  const row = await db().partnerPlatform.findUniqueOrThrow({ where: { id: platformId }, select: PLATFORM_SELECT });
  return { platform: toPlatform(row) };
}

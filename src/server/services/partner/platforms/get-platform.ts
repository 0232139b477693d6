import { db } from "@/server/db/client";
import { PLATFORM_SELECT, platformNotFound, toPlatform } from "./to-platform";

export async function getPlatform(platformId: string) {
  const row = await db().partnerPlatform.findUnique({ where: { id: platformId }, select: PLATFORM_SELECT });
  if (!row) throw platformNotFound();
  return { platform: toPlatform(row) };
}

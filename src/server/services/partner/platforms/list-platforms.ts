import { db } from "@/server/db/client";
import { PLATFORM_SELECT, toPlatform } from "./to-platform";

/** Every partner platform of the instance, newest first. */
export async function listPlatforms() {
  const rows = await db().partnerPlatform.findMany({
    select: PLATFORM_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return { platforms: rows.map(toPlatform) };
}

import { db } from "@/server/db/client";
import { PARTNER_APP_SELECT, toPartnerApp } from "./list-partner-apps";
import { platformNotFound } from "./to-platform";

/** A partner app: its id is the `appId` that /token and /worker-token lease for. */
export async function createPartnerApp(platformId: string, name: string) {
  if (!(await db().partnerPlatform.findUnique({ where: { id: platformId }, select: { id: true } })))
    throw platformNotFound();
  const row = await db().partnerApp.create({ data: { platformId, name }, select: PARTNER_APP_SELECT });
  return toPartnerApp(row);
}

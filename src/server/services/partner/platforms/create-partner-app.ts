import { db } from "@/server/db/client";

/** A partner app: its id is the `appId` that /token and /worker-token lease for. */
export async function createPartnerApp(platformId: string, name: string) {
  return db().partnerApp.create({ data: { platformId, name }, select: { id: true, name: true, createdAt: true } });
}

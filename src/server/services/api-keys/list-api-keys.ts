import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { API_KEY_SELECT, toApiKey } from "./to-api-key";

/** The actor's own keys in the selected organization, newest first, revoked ones included. */
export async function listApiKeys(actor: TUserActor) {
  const rows = await db().apiKey.findMany({
    where: { userId: actor.userId, organizationId: actor.orgId },
    orderBy: { createdAt: "desc" },
    select: API_KEY_SELECT,
  });
  return { apiKeys: rows.map(toApiKey) };
}

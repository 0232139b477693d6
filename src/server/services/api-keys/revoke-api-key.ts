import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { API_KEY_SELECT, toApiKey } from "./to-api-key";

/** Revokes one of the actor's own keys; revoking twice keeps the first revocation time. */
export async function revokeApiKey(actor: TUserActor, { id }: { id: string }) {
  const key = await db().apiKey.findFirst({
    where: { id, userId: actor.userId, organizationId: actor.orgId },
    select: { id: true, revokedAt: true },
  });
  if (!key) throw notFound("API key");
  const row = await db().apiKey.update({
    where: { id: key.id },
    data: { revokedAt: key.revokedAt ?? new Date() },
    select: API_KEY_SELECT,
  });
  return { apiKey: toApiKey(row) };
}

import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import { API_KEY_SELECT, toApiKey } from "./to-api-key";

/**
 * Revokes one of the actor's own keys; revoking twice keeps the first revocation time and logs
 * only the first (the audit entry shares the revocation's transaction).
 */
export async function revokeApiKey(actor: TUserActor, { id }: { id: string }) {
  const row = await db().$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({
      where: { id, userId: actor.userId, organizationId: actor.orgId },
      select: { id: true, name: true, prefix: true, revokedAt: true },
    });
    if (!key) throw notFound("API key");
    // Only the revocation that changed the row is logged, also when two race.
    const { count } = key.revokedAt
      ? { count: 0 }
      : await tx.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count) {
      await recordAudit(tx, {
        orgId: actor.orgId,
        actor,
        kind: "api_key.revoked",
        subject: { type: "api_key", id: key.id },
        summary: `Revoked the API key "${key.name}"`,
        data: { name: key.name, prefix: key.prefix },
      });
    }
    return tx.apiKey.findUniqueOrThrow({ where: { id: key.id }, select: API_KEY_SELECT });
  });
  return { apiKey: toApiKey(row) };
}

import { tokenRevocation } from "openid-client";
import { db } from "@/server/db/client";
import { log } from "@/server/log";
import { openidConfiguration } from "@/server/oauth/oauth-client";
import type { TConnectionProvider } from "@/server/oauth/presets";
import { open } from "@/server/vault/vault";
import { idempotentCall } from "@/server/idempotency/idempotent-call";
import { readWorker, type TWorkerTarget } from "@/server/services/assistant/workers/read-worker";
import { clientFor } from "./choose-client";

type TDeleted = { organizationId: string; appSource: string; preset: string; token: string } | null;

/**
 * DELETE /workers/{w}/connections/{provider}: 204 whether or not a connection existed. The row
 * goes first (in its transaction); then, best effort and never failing the call, the grant is
 * revoked at the provider when its preset has a revocation endpoint (the refresh token, which
 * revokes the whole grant at Google; else the access token).
 */
export async function deleteConnection(
  target: TWorkerTarget & { provider: TConnectionProvider; idempotencyKey: string | null },
): Promise<{ replayed: boolean }> {
  const worker = await readWorker(target);
  let deleted: TDeleted = null;
  const { replayed } = await idempotentCall<null>({
    orgId: target.orgId,
    scope: `assistant.connections.delete:${worker.id}:${target.provider}`,
    key: target.idempotencyKey,
    request: { subject: target.subject },
    status: 204,
    execute: (record) =>
      db().$transaction(async (tx) => {
        const where = { workerId: worker.id, provider: target.provider };
        const row = await tx.workerConnection.findFirst({
          where,
          select: { organizationId: true, appSource: true, preset: true, refreshToken: true, accessToken: true },
        });
        await tx.workerConnection.deleteMany({ where });
        deleted = row
          ? {
              organizationId: row.organizationId,
              appSource: row.appSource,
              preset: row.preset,
              token: row.refreshToken ?? row.accessToken,
            }
          : null;
        await record?.(tx, null);
        return null;
      }),
  });
  if (deleted) await revokeQuietly(deleted, target.provider);
  return { replayed };
}

async function revokeQuietly(deleted: NonNullable<TDeleted>, provider: TConnectionProvider): Promise<void> {
  try {
    const client = await clientFor(deleted.organizationId, deleted.appSource, deleted.preset, provider);
    if (!client?.endpoints.revocation_endpoint) return;
    await tokenRevocation(openidConfiguration(client), await open(deleted.token));
  } catch (error) {
    log.warn("connection.revocation_failed", {
      provider,
      preset: deleted.preset,
      error: (error as { error?: string }).error ?? (error as Error).name,
    });
  }
}

import { db, queryRows } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { AppError, notFound } from "@/server/errors";
import { log } from "@/server/log";
import { needsReseal, open, rotate, VaultError } from "@/server/vault/vault";
import type { TConnectionSecret } from "./to-connection";

export type { TConnectionSecret } from "./to-connection";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Re-seals under the active vault key after a rotation; a failure here must not fail the run. */
async function resealIfRotated(id: string, sealed: string): Promise<void> {
  try {
    if (!(await needsReseal(sealed))) return;
    const rotated = await rotate(sealed);
    await db().connection.updateMany({ where: { id, sealedSecret: sealed }, data: { sealedSecret: rotated } });
  } catch (error) {
    log.warn("connection reseal failed", { connectionId: id, error });
  }
}

/** Opens a connection's sealed secret (and re-seals it after a key rotation). */
async function openSecret(connectionId: string, sealedSecret: string): Promise<TConnectionSecret> {
  let secret: TConnectionSecret;
  try {
    secret = JSON.parse(await open(sealedSecret)) as TConnectionSecret;
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    throw new AppError(
      "INTERNAL",
      `The secret of connection ${connectionId} cannot be decrypted (${error.message}) Re-create the connection, or restore the vault key that sealed it.`,
      {
        details: { connectionId },
      },
    );
  }
  await resealIfRotated(connectionId, sealedSecret);
  return secret;
}

/**
 * The decrypted credential of a connection of the organization, for the engine to hand to
 * a tool at invocation time. Never cached, never logged. Another organization's id is a 404.
 */
export async function resolveConnectionSecret(connectionId: string, orgId: string): Promise<TConnectionSecret> {
  if (!UUID.test(connectionId)) throw notFound("connection");
  const row = await db().connection.findFirst({
    where: { id: connectionId, organizationId: orgId },
    select: { sealedSecret: true },
  });
  if (!row) throw notFound("connection");
  return openSecret(connectionId, row.sealedSecret);
}

/**
 * The organization's credential for an integration in a domain (the newest connection when
 * there are several), or null when the domain has none: what a `service` or fallback binding
 * uses. One read finds the connection and its sealed secret: this runs for every such tool call.
 * The ids are the caller's own (the execution's organization and domain), never a client's text.
 */
export async function resolveDomainConnection(options: { orgId: string; domainId: string; integrationId: string }) {
  // Raw, so it takes the driver path (docs/decisions.md, "Hot statements on the driver").
  const [row] = await queryRows<{ id: string; sealedSecret: string }>(
    db(),
    Prisma.sql`SELECT id::text AS id, "sealedSecret" FROM connections
      WHERE "organizationId" = ${options.orgId}::uuid AND "domainId" = ${options.domainId}::uuid AND "integrationId" = ${options.integrationId}
      ORDER BY "createdAt" DESC, id DESC LIMIT 1`,
  );
  if (!row) return null;
  return { connectionId: row.id, secret: await openSecret(row.id, row.sealedSecret) };
}

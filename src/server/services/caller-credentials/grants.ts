import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { AppError } from "@/server/errors";
import { open, seal, VaultError } from "@/server/vault/vault";
import { normalizeCallerIntegrations, type TCallerIntegrations } from "./material";
import type { TCallerGrant } from "./resolve-credential";

// Caller material of one execution, sealed at rest with the vault (section 5, rule 5). The
// turn loop and the session services only call these; the material is opened per tool call
// and never written to logs, events, results or history.

export {
  resolveToolCredential,
  usesCallerMaterial,
  type TCallerGrant,
  type TCredentialDecision,
} from "./resolve-credential";

async function storeGrant(
  tx: TTransaction,
  turnId: string,
  integrations: TCallerIntegrations,
  expiresAt: Date | null,
  suppliedById: string | null,
) {
  const sealed = await seal(JSON.stringify(integrations));
  await tx.callerGrant.upsert({
    where: { turnId },
    create: { turnId, sealed, expiresAt, suppliedById },
    update: { sealed, expiresAt, suppliedById },
  });
}

type TNewGrant = {
  turnId: string;
  callerCredentials: TCallerCredentials | undefined;
  expiresAt?: Date | null;
  suppliedById: string | null;
};

/** A new turn's material, sealed, ready to be written with the turn (callerGrantsInsertSql). */
export type TSealedGrant = { turnId: string; sealed: string; expiresAt: Date | null; suppliedById: string | null };

/**
 * Seals the request's material for one turn, or null when there is nothing to store: no entry
 * that changes an outcome (undefined, `{ integrations: {} }`, only `{}` entries); an entry with
 * only `fallbackAllowed: false` is stored, since it makes the call fail without material.
 * `expiresAt` is callerCredentialExpiresAt when the request gave one.
 */
export async function sealCallerGrant(grant: TNewGrant): Promise<TSealedGrant | null> {
  const integrations = normalizeCallerIntegrations(grant.callerCredentials);
  if (Object.keys(integrations).length === 0) return null;
  return {
    turnId: grant.turnId,
    sealed: await seal(JSON.stringify(integrations)),
    expiresAt: grant.expiresAt ?? null,
    suppliedById: grant.suppliedById,
  };
}

/**
 * New turns' grants as one insert over arrays, a CTE of the statement that writes the turns
 * (insertSessions) under its guard, or null when no turn carries material. A new turn has no
 * grant yet, so this only inserts. Raw: a model createMany is compiled anew for each row count.
 */
export function callerGrantsInsertSql(grants: TSealedGrant[], now: Date, guard: Prisma.Sql): Prisma.Sql | null {
  if (grants.length === 0) return null;
  return Prisma.sql`grants AS (
      INSERT INTO caller_grants (id, "turnId", sealed, "expiresAt", "suppliedById", "createdAt")
      SELECT gen_random_uuid(), g.turn, g.sealed, g.expires::timestamp(3), g.supplier, ${now}::timestamp(3)
      FROM unnest(${grants.map((grant) => grant.turnId)}::uuid[], ${grants.map((grant) => grant.sealed)}::text[],
        ${grants.map((grant) => grant.expiresAt?.toISOString() ?? null)}::text[], ${grants.map((grant) => grant.suppliedById)}::uuid[]) AS g(turn, sealed, expires, supplier)
      WHERE ${guard}
    )`;
}

/** Seals and stores the material of one new turn queued on its own (queue-turn.ts); see sealCallerGrant. */
export async function createCallerGrant(tx: TTransaction, grant: TNewGrant): Promise<void> {
  const sealed = await sealCallerGrant(grant);
  if (sealed) await tx.$executeRaw`WITH ${callerGrantsInsertSql([sealed], new Date(), Prisma.sql`true`)} SELECT 1`;
}

/**
 * Replaces the grant of a parked turn with fresh material supplied on approval (section 5,
 * rule 9). The old material, its expiry and its supplier are gone; the fresh material lasts for
 * the execution unless `expiresAt` is given. Fresh material with no usable entry leaves the
 * turn without a grant (replacement, not merge).
 */
export async function replaceCallerGrant(
  tx: TTransaction,
  options: {
    turnId: string;
    callerCredentials: TCallerCredentials;
    suppliedById: string | null;
    expiresAt?: Date | null;
  },
): Promise<void> {
  const integrations = normalizeCallerIntegrations(options.callerCredentials);
  if (Object.keys(integrations).length === 0) {
    await deleteCallerGrant(tx, options.turnId);
    return;
  }
  await storeGrant(tx, options.turnId, integrations, options.expiresAt ?? null, options.suppliedById);
}

/** Opens a turn's grant; null when the turn has none. */
export async function readCallerGrant(tx: TTransaction, turnId: string): Promise<TCallerGrant | null> {
  const row = await tx.callerGrant.findUnique({
    where: { turnId },
    select: { sealed: true, expiresAt: true, suppliedById: true },
  });
  if (!row) return null;
  let integrations: TCallerIntegrations;
  try {
    integrations = JSON.parse(await open(row.sealed)) as TCallerIntegrations;
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    throw new AppError(
      "INTERNAL",
      `The caller credentials of this execution cannot be decrypted (${error.message}) Restore the vault key that sealed them, or start a new turn with fresh callerCredentials.`,
      {
        details: { turnId },
      },
    );
  }
  return { integrations, expiresAt: row.expiresAt, suppliedById: row.suppliedById };
}

/** Deletes the grant when the turn settles (completed or failed); a turn without one is fine. */
export async function deleteCallerGrant(tx: TTransaction, turnId: string): Promise<void> {
  await tx.callerGrant.deleteMany({ where: { turnId } });
}

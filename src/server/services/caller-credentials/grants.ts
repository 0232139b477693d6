import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { open, seal, VaultError } from "@/server/vault/vault";
import { normalizeCallerIntegrations, type TCallerIntegrations } from "./material";
import type { TCallerGrant } from "./resolve-credential";

// Caller material of one execution, sealed at rest with the vault (section 5, rule 5). The
// turn loop and the session services only call these; the material is opened per tool call
// and never written to logs, events, results or history.

export { resolveToolCredential, usesCallerMaterial, type TCallerGrant, type TCredentialDecision } from "./resolve-credential";

async function storeGrant(tx: TTransaction, turnId: string, integrations: TCallerIntegrations, expiresAt: Date | null, suppliedById: string | null) {
  const sealed = await seal(JSON.stringify(integrations));
  await tx.callerGrant.upsert({
    where: { turnId },
    create: { turnId, sealed, expiresAt, suppliedById },
    update: { sealed, expiresAt, suppliedById },
  });
}

type TNewGrant = { turnId: string; callerCredentials: TCallerCredentials | undefined; expiresAt?: Date | null; suppliedById: string | null };

/**
 * Seals and stores the request's material for one turn. Nothing is stored when there is no
 * entry that changes an outcome (undefined, `{ integrations: {} }`, only `{}` entries); an
 * entry with only `fallbackAllowed: false` is stored, since it makes the call fail without
 * material. `expiresAt` is callerCredentialExpiresAt when the request gave one.
 */
export async function createCallerGrant(tx: TTransaction, grant: TNewGrant): Promise<void> {
  await createCallerGrants(tx, [grant]);
}

/**
 * The grants of new turns (a fan-out's, one per started turn), as createCallerGrant stores
 * each: sealed one by one, written in one statement. A new turn has no grant yet, so this only
 * inserts.
 */
export async function createCallerGrants(tx: TTransaction, grants: TNewGrant[]): Promise<void> {
  const stored = grants.map((grant) => ({ grant, integrations: normalizeCallerIntegrations(grant.callerCredentials) })).filter(({ integrations }) => Object.keys(integrations).length > 0);
  if (stored.length === 0) return;
  const sealed = await Promise.all(stored.map(({ integrations }) => seal(JSON.stringify(integrations))));
  const turnIds = stored.map(({ grant }) => grant.turnId);
  const expiries = stored.map(({ grant }) => grant.expiresAt?.toISOString() ?? null);
  const suppliers = stored.map(({ grant }) => grant.suppliedById);
  // One raw insert: a fan-out writes these inside its transaction on every fire, and a model
  // createMany is compiled anew for each row count.
  await tx.$executeRaw`INSERT INTO caller_grants (id, "turnId", sealed, "expiresAt", "suppliedById", "createdAt")
    SELECT gen_random_uuid(), g.turn, g.sealed, g.expires::timestamp(3), g.supplier, ${new Date()}::timestamp(3)
    FROM unnest(${turnIds}::uuid[], ${sealed}::text[], ${expiries}::text[], ${suppliers}::uuid[]) AS g(turn, sealed, expires, supplier)`;
}

/**
 * Replaces the grant of a parked turn with fresh material supplied on approval (section 5,
 * rule 9). The old material, its expiry and its supplier are gone; the fresh material lasts for
 * the execution unless `expiresAt` is given. Fresh material with no usable entry leaves the
 * turn without a grant (replacement, not merge).
 */
export async function replaceCallerGrant(
  tx: TTransaction,
  options: { turnId: string; callerCredentials: TCallerCredentials; suppliedById: string | null; expiresAt?: Date | null },
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
  const row = await tx.callerGrant.findUnique({ where: { turnId }, select: { sealed: true, expiresAt: true, suppliedById: true } });
  if (!row) return null;
  let integrations: TCallerIntegrations;
  try {
    integrations = JSON.parse(await open(row.sealed)) as TCallerIntegrations;
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    throw new AppError("INTERNAL", `The caller credentials of this execution cannot be decrypted (${error.message}) Restore the vault key that sealed them, or start a new turn with fresh callerCredentials.`, {
      details: { turnId },
    });
  }
  return { integrations, expiresAt: row.expiresAt, suppliedById: row.suppliedById };
}

/** Deletes the grant when the turn settles (completed or failed); a turn without one is fine. */
export async function deleteCallerGrant(tx: TTransaction, turnId: string): Promise<void> {
  await tx.callerGrant.deleteMany({ where: { turnId } });
}

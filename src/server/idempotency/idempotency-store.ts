import { db, type TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";

/**
 * One idempotency store for every operation that takes an Idempotency-Key (fire now; partner
 * provisioning and worker routes later), scoped per organization and operation.
 *
 * The reservation is a row unique on (organization, scope, key). The operation records its
 * outcome through `recordOutcome(tx, ...)` inside the same transaction as its own writes, so
 * either both the work and its replayable outcome commit or neither does; that is what makes
 * concurrent duplicates produce exactly one execution and lets a crashed attempt be taken over.
 */
export type TStoredResponse<T> = { status: number; body: T };
export type TRecordOutcome = (tx: TTransaction, response: TStoredResponse<unknown>) => Promise<void>;
export type TIdempotentResult<T> = TStoredResponse<T> & { replayed: boolean };

/** A reservation with no outcome after this long belongs to an attempt that died before committing. */
export const IN_PROGRESS_LEASE_MS = 60_000;

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

type TOptions<T> = {
  orgId: string;
  scope: string;
  key: string | null;
  digest: string;
  windowMs: number;
  now?: Date;
  execute: (recordOutcome: TRecordOutcome) => Promise<TStoredResponse<T>>;
};

export async function runIdempotent<T>(options: TOptions<T>): Promise<TIdempotentResult<T>> {
  // Rule 8: without a key, every accepted request is a new operation.
  if (options.key === null) return { ...(await options.execute(async () => undefined)), replayed: false };
  const reservation = await reserve(options);
  if (reservation.kind === "replay") return { ...(reservation.response as TStoredResponse<T>), replayed: true };
  const recordOutcome: TRecordOutcome = async (tx, response) => {
    await tx.idempotencyRecord.update({
      where: { id: reservation.id },
      data: { state: "COMPLETED", responseStatus: response.status, responseBody: response.body as object },
    });
  };
  try {
    return { ...(await options.execute(recordOutcome)), replayed: false };
  } catch (error) {
    // Refused before anything ran (or rolled back): no outcome is stored, the key is free again.
    await db().idempotencyRecord.deleteMany({ where: { id: reservation.id, state: "IN_PROGRESS" } });
    throw error;
  }
}

type TReservation = { kind: "reserved"; id: string } | { kind: "replay"; response: TStoredResponse<unknown> };

async function reserve(options: TOptions<unknown>, attempt = 0): Promise<TReservation> {
  const now = options.now ?? new Date();
  const where = { organizationId_scope_key: { organizationId: options.orgId, scope: options.scope, key: options.key! } };
  try {
    const row = await db().idempotencyRecord.create({
      data: {
        organizationId: options.orgId,
        scope: options.scope,
        key: options.key!,
        requestDigest: options.digest,
        expiresAt: new Date(now.getTime() + options.windowMs),
        createdAt: now,
      },
      select: { id: true },
    });
    return { kind: "reserved", id: row.id };
  } catch (error) {
    if (!isUniqueViolation(error) || attempt > 2) throw error;
  }
  const existing = await db().idempotencyRecord.findUnique({ where, select: { id: true, requestDigest: true, state: true, responseStatus: true, responseBody: true, expiresAt: true, createdAt: true } });
  if (!existing) return reserve(options, attempt + 1);
  const expired = existing.expiresAt <= now;
  const abandoned = existing.state === "IN_PROGRESS" && now.getTime() - existing.createdAt.getTime() > IN_PROGRESS_LEASE_MS && existing.requestDigest === options.digest;
  if (expired || abandoned) {
    // Rule 3: after the window the key may be reused at once; an abandoned attempt committed nothing.
    await db().idempotencyRecord.deleteMany({ where: { id: existing.id, createdAt: existing.createdAt } });
    return reserve(options, attempt + 1);
  }
  if (existing.requestDigest !== options.digest) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request (target, input or caller credentials) in the last 24 hours. Use a new key for a new request.");
  }
  if (existing.state === "IN_PROGRESS") {
    throw new AppError("IDEMPOTENCY_IN_PROGRESS", "The original request with this Idempotency-Key is still being recorded. Retry in 2 seconds.", { headers: { "Retry-After": "2" } });
  }
  return { kind: "replay", response: { status: existing.responseStatus!, body: existing.responseBody } };
}

import { db, queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
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

type THolder = {
  id: string;
  reserved: boolean;
  requestDigest: string;
  state: "IN_PROGRESS" | "COMPLETED";
  responseStatus: number | null;
  responseBody: unknown;
  expiresAt: Date;
  createdAt: Date;
};

/**
 * Reserves the key, or reads who holds it, in one statement: a replay costs one round trip and
 * no failed insert. The read sees the statement's snapshot, so a holder that committed while the
 * insert waited on it is not seen: then neither row comes back and the reservation is tried again.
 */
async function reserveOrReadHolder(options: TOptions<unknown>, now: Date): Promise<THolder | undefined> {
  const { orgId, scope, key } = options;
  const [holder] = await queryRows<THolder>(
    db(),
    Prisma.sql`
    WITH reserved AS (
      INSERT INTO idempotency_records (id, "organizationId", scope, key, "requestDigest", "expiresAt", "createdAt")
      VALUES (${crypto.randomUUID()}::uuid, ${orgId}::uuid, ${scope}, ${key}, ${options.digest}, ${new Date(now.getTime() + options.windowMs)}::timestamp(3), ${now}::timestamp(3))
      ON CONFLICT ("organizationId", scope, key) DO NOTHING
      RETURNING id
    )
    SELECT id::text, true AS reserved, NULL AS "requestDigest", NULL AS state, NULL::int AS "responseStatus", NULL::jsonb AS "responseBody", NULL::timestamp(3) AS "expiresAt", NULL::timestamp(3) AS "createdAt" FROM reserved
    UNION ALL
    SELECT id::text, false, "requestDigest", state::text, "responseStatus", "responseBody", "expiresAt", "createdAt"
    FROM idempotency_records WHERE "organizationId" = ${orgId}::uuid AND scope = ${scope} AND key = ${key}`,
  );
  return holder;
}

const inProgress = () =>
  new AppError(
    "IDEMPOTENCY_IN_PROGRESS",
    "The original request with this Idempotency-Key is still being recorded. Retry in 2 seconds.",
    { headers: { "Retry-After": "2" } },
  );

async function reserve(options: TOptions<unknown>, attempt = 0): Promise<TReservation> {
  const now = options.now ?? new Date();
  const existing = await reserveOrReadHolder(options, now);
  if (existing?.reserved) return { kind: "reserved", id: existing.id };
  if (!existing) {
    // The holder committed (or went away) while the insert waited on it: look again, a few times.
    if (attempt > 2) throw inProgress();
    return reserve(options, attempt + 1);
  }
  const expired = existing.expiresAt <= now;
  const abandoned =
    existing.state === "IN_PROGRESS" &&
    now.getTime() - existing.createdAt.getTime() > IN_PROGRESS_LEASE_MS &&
    existing.requestDigest === options.digest;
  if (expired || abandoned) {
    // Rule 3: after the window the key may be reused at once; an abandoned attempt committed nothing.
    await db().idempotencyRecord.deleteMany({ where: { id: existing.id, createdAt: existing.createdAt } });
    return reserve(options, attempt + 1);
  }
  if (existing.requestDigest !== options.digest) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was already used with a different request (target, input or caller credentials) in the last 24 hours. Use a new key for a new request.",
    );
  }
  if (existing.state === "IN_PROGRESS") {
    throw inProgress();
  }
  return { kind: "replay", response: { status: existing.responseStatus!, body: existing.responseBody } };
}

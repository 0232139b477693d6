import { db, type TTransaction } from "@/server/db/client";
import { env } from "@/server/env";
import { enqueue, enqueueMany } from "@/server/jobs/enqueue";
import { open, VaultError } from "@/server/vault/vault";
import { deliverOnce, type TDeliveryOutcome } from "@/server/webhooks/deliver";
import { nextAttemptDelayMs } from "@/server/webhooks/schedule";

/**
 * While an attempt runs, its delivery's nextAttemptAt is pushed this far ahead: a process that
 * dies mid-attempt leaves the row PENDING and due again after it, and the sweep wakes it. env.ts
 * refuses a lease shorter than the delivery timeout, so a live attempt is never sent twice.
 */
const attemptLeaseMs = () => env.WEBHOOK_ATTEMPT_LEASE_SECONDS * 1000;
const WEBHOOK_REMOVED = "No webhook is configured for the organization any more; the delivery was abandoned.";
const SECRET_UNREADABLE =
  "The webhook secret cannot be opened, so nothing can be signed; save the webhook secret again (PUT /assistant-config). The delivery was abandoned.";
const ENDPOINT_DISABLED = "The webhook endpoint is disabled; the delivery was abandoned.";
const ENDPOINT_SECRET_UNREADABLE =
  "The endpoint's signing secret cannot be opened, so nothing can be signed; rotate it (POST /webhook-endpoints/{endpointId}/rotate-secret). The delivery was abandoned.";

type TClaimed = {
  deliveryId: string;
  attemptId: string;
  number: number;
  url: string;
  body: string;
  sealedSecret: string | null;
  /** Why nothing can be signed: no secret (`sealedSecret` null), or one the vault cannot open. */
  noSecret: string;
  unreadableSecret: string;
};

export type TAttemptResult = {
  number: number;
  manual: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  succeeded: boolean;
};

/**
 * Reads what one attempt sends: the stored body bytes and the CURRENT secret (sealed) of the
 * assistant config (an assistant event) or of the endpoint (a customer event).
 */
async function claimedOf(tx: TTransaction, deliveryId: string, attemptId: string, number: number): Promise<TClaimed> {
  const delivery = await tx.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    select: {
      url: true,
      organizationId: true,
      event: { select: { body: true } },
      customerEvent: { select: { body: true } },
      endpoint: { select: { secret: true, enabled: true } },
    },
  });
  const attempt = { deliveryId, attemptId, number, url: delivery.url };
  if (delivery.customerEvent) {
    const endpoint = delivery.endpoint;
    return {
      ...attempt,
      body: delivery.customerEvent.body,
      sealedSecret: endpoint?.enabled ? endpoint.secret : null,
      noSecret: ENDPOINT_DISABLED,
      unreadableSecret: ENDPOINT_SECRET_UNREADABLE,
    };
  }
  const config = await tx.assistantConfig.findUnique({
    where: { organizationId: delivery.organizationId },
    select: { webhookUrl: true, webhookSecret: true },
  });
  const sealedSecret = config?.webhookUrl ? config.webhookSecret : null;
  return {
    ...attempt,
    body: delivery.event!.body,
    sealedSecret,
    noSecret: WEBHOOK_REMOVED,
    unreadableSecret: SECRET_UNREADABLE,
  };
}

/**
 * Takes the next scheduled attempt of a PENDING delivery whose time has come, atomically: a
 * second job woken for the same delivery (the sweep's, a duplicate) finds nothing to do.
 */
async function claimScheduled(deliveryId: string, now: Date): Promise<TClaimed | null> {
  return db().$transaction(async (tx) => {
    const taken = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, status: "PENDING", nextAttemptAt: { lte: now } },
      data: { attemptCount: { increment: 1 }, nextAttemptAt: new Date(now.getTime() + attemptLeaseMs()) },
    });
    if (taken.count === 0) return null;
    const { attemptCount } = await tx.webhookDelivery.findUniqueOrThrow({
      where: { id: deliveryId },
      select: { attemptCount: true },
    });
    const attempt = await tx.webhookAttempt.create({
      data: { deliveryId, number: attemptCount, manual: false, startedAt: now },
    });
    return claimedOf(tx, deliveryId, attempt.id, attemptCount);
  });
}

/** A manual attempt takes the next number whatever the delivery's status; its schedule is untouched. */
async function claimManual(deliveryId: string, now: Date): Promise<TClaimed> {
  return db().$transaction(async (tx) => {
    const { attemptCount } = await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { attemptCount: { increment: 1 } },
      select: { attemptCount: true },
    });
    const attempt = await tx.webhookAttempt.create({
      data: { deliveryId, number: attemptCount, manual: true, startedAt: now },
    });
    return claimedOf(tx, deliveryId, attempt.id, attemptCount);
  });
}

/** An attempt's outcome; `final` when no later attempt could do better (nothing to sign with). */
type TSent = TDeliveryOutcome & { final: boolean };

async function send(claimed: TClaimed): Promise<TSent> {
  if (!claimed.sealedSecret)
    return {
      ok: false,
      statusCode: null,
      error: claimed.noSecret,
      retryAfterSeconds: null,
      durationMs: 0,
      final: true,
    };
  let secret: string;
  try {
    // Decrypted only here, for the signature; never logged or stored anywhere else.
    secret = await open(claimed.sealedSecret);
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    // A rotated-out vault key: retrying cannot help; the message names the key, never the secret.
    return {
      ok: false,
      statusCode: null,
      error: `${claimed.unreadableSecret} ${error.message}`,
      retryAfterSeconds: null,
      durationMs: 0,
      final: true,
    };
  }
  return { ...(await deliverOnce({ url: claimed.url, secret, body: claimed.body })), final: false };
}

/** Records the attempt's result and moves the delivery on: SUCCEEDED, the next attempt, or FAILED. */
async function settle(claimed: TClaimed, outcome: TSent, manual: boolean): Promise<void> {
  const { deliveryId } = claimed;
  const last = { lastStatusCode: outcome.statusCode, lastError: outcome.error };
  await db().$transaction(async (tx) => {
    await tx.webhookAttempt.update({
      where: { id: claimed.attemptId },
      data: { statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs },
    });
    if (outcome.ok) {
      await tx.webhookDelivery.update({
        where: { id: deliveryId },
        data: { status: "SUCCEEDED", succeededAt: new Date(), nextAttemptAt: null, ...last },
      });
      return;
    }
    // A failed manual attempt leaves a pending delivery's schedule (and a failed one's status) as it was.
    if (manual) {
      await tx.webhookDelivery.update({ where: { id: deliveryId }, data: last });
      return;
    }
    const automaticAttempts = await tx.webhookAttempt.count({ where: { deliveryId, manual: false } });
    const delayMs = outcome.final ? null : nextAttemptDelayMs(automaticAttempts, outcome.retryAfterSeconds);
    if (delayMs === null) {
      await tx.webhookDelivery.updateMany({
        where: { id: deliveryId, status: "PENDING" },
        data: { status: "FAILED", nextAttemptAt: null, ...last },
      });
      return;
    }
    const startAfter = new Date(Date.now() + delayMs);
    const moved = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, status: "PENDING" },
      data: { nextAttemptAt: startAfter, ...last },
    });
    if (moved.count > 0) await enqueue(tx, { kind: "webhook-delivery", deliveryId }, { startAfter });
  });
}

/**
 * The webhook-delivery job: one scheduled attempt of a delivery, if its time has come. The row
 * is the source of truth; a job that arrives early or twice does nothing.
 */
export async function runScheduledAttempt(deliveryId: string): Promise<TAttemptResult | null> {
  const claimed = await claimScheduled(deliveryId, new Date());
  if (!claimed) return null;
  const outcome = await send(claimed);
  await settle(claimed, outcome, false);
  return resultOf(claimed, outcome, false);
}

/** A manual attempt now (console "Redeliver"), recorded with manual = true. */
export async function runManualAttempt(deliveryId: string): Promise<TAttemptResult> {
  const claimed = await claimManual(deliveryId, new Date());
  const outcome = await send(claimed);
  await settle(claimed, outcome, true);
  return resultOf(claimed, outcome, true);
}

function resultOf(claimed: TClaimed, outcome: TDeliveryOutcome, manual: boolean): TAttemptResult {
  return {
    number: claimed.number,
    manual,
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: outcome.durationMs,
    succeeded: outcome.ok,
  };
}

/** Scheduled wake-ups later than this behind their time are considered lost and re-queued. */
const SWEEP_GRACE_MS = 10_000;
const SWEEP_BATCH = 500;

/**
 * Wakes PENDING deliveries whose time has come but whose job was lost (a process killed
 * mid-attempt, a job that never committed): runs at engine start and every minute, so no
 * delivery waits forever. A duplicate wake-up is harmless (the claim is atomic).
 */
export async function sweepDueDeliveries(now: Date = new Date()): Promise<number> {
  const due = await db().webhookDelivery.findMany({
    where: { status: "PENDING", nextAttemptAt: { lte: new Date(now.getTime() - SWEEP_GRACE_MS) } },
    orderBy: { nextAttemptAt: "asc" },
    take: SWEEP_BATCH,
    select: { id: true },
  });
  if (due.length === 0) return 0;
  await db().$transaction((tx) =>
    enqueueMany(
      tx,
      due.map((row) => ({ kind: "webhook-delivery" as const, deliveryId: row.id })),
    ),
  );
  return due.length;
}

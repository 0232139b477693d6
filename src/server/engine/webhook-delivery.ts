import type { PgBoss } from "pg-boss";
import { WEBHOOK_QUEUE } from "@/server/jobs/queues";
import { log } from "@/server/log";
import { workWhenDue, type TWakes } from "./work-when-due";
import { timedJob } from "@/server/observability/metrics";
import { runScheduledAttempt, sweepDueDeliveries } from "@/server/services/assistant/webhooks/attempt-delivery";
import { pruneWebhookEvents } from "@/server/services/webhook-endpoints/event-log";

// A slow receiver holds a slot up to 15 s; a few at once keep one slow endpoint from stalling the rest.
const DELIVERY_SLOTS = 4;

type TDeliveryJobData = { deliveryId: string };

/**
 * The minute sweep (scheduler.ts): wakes PENDING deliveries whose job was lost, and removes
 * completion events older than the event log keeps (with their deliveries).
 */
export async function sweepWebhookDeliveries(): Promise<void> {
  const woken = await sweepDueDeliveries();
  if (woken > 0) log.info("webhook deliveries woken by the sweep", { woken });
  const pruned = await pruneWebhookEvents();
  if (pruned > 0) log.info("completion events past the event log's retention removed", { pruned });
}

/**
 * Registers webhook delivery on a started queue: DELIVERY_SLOTS attempts at once, each job one
 * attempt of the delivery its row schedules; and the sweep, at start (and every minute, from
 * scheduler.ts), that wakes PENDING deliveries whose job was lost, so a process killed
 * mid-delivery loses nothing.
 */
export async function registerWebhookDelivery(boss: PgBoss, wakes: TWakes): Promise<void> {
  // A next attempt is a job queued for later by this engine (jobs/enqueue.ts): the due wake-ups start it.
  await workWhenDue<TDeliveryJobData>(boss, wakes, WEBHOOK_QUEUE, { slots: DELIVERY_SLOTS }, async ([job]) => {
    if (!job) return;
    try {
      await timedJob(WEBHOOK_QUEUE, job.startAfter, () => runScheduledAttempt(job.data.deliveryId));
    } catch (error) {
      // The row stays PENDING under its attempt lease; the sweep wakes it again.
      log.error("webhook delivery attempt failed", { deliveryId: job.data.deliveryId, error });
    }
  });
  await sweepWebhookDeliveries().catch((error: unknown) => log.error("webhook delivery sweep failed", { error }));
}

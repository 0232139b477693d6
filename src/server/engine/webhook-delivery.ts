import type { PgBoss } from "pg-boss";
import { createQueueOnce, WEBHOOK_QUEUE } from "@/server/jobs/queues";
import { log } from "@/server/log";
import { SPARE_SLOT_POLL_SECONDS, SWEEP_POLL_SECONDS } from "./poll-periods";
import { timedJob } from "@/server/observability/metrics";
import { runScheduledAttempt, sweepDueDeliveries } from "@/server/services/assistant/webhooks/attempt-delivery";

/** Minute sweep of deliveries whose wake-up was lost (created here: the sweep is this module's own). */
export const WEBHOOK_SWEEP_QUEUE = "webhook-delivery-sweep";
// A slow receiver holds a slot up to 15 s; a few at once keep one slow endpoint from stalling the rest.
const DELIVERY_SLOTS = 4;
// The first slot looks every second (a retry comes due without a NOTIFY); the others are woken by
// NOTIFY when a job is queued and otherwise look rarely: four slots polling every second were
// four statements a second of an idle service.
const POLL_SECONDS = 1;

type TDeliveryJobData = { deliveryId: string };

async function sweep(): Promise<void> {
  const woken = await sweepDueDeliveries();
  if (woken > 0) log.info("webhook deliveries woken by the sweep", { woken });
}

/**
 * Registers webhook delivery on a started queue: DELIVERY_SLOTS attempts at once, each job one
 * attempt of the delivery its row schedules; and the sweep, at start and every minute, that
 * wakes PENDING deliveries whose job was lost, so a process killed mid-delivery loses nothing.
 */
export async function registerWebhookDelivery(boss: PgBoss): Promise<void> {
  for (let slot = 0; slot < DELIVERY_SLOTS; slot++) {
    const poll = slot === 0 ? POLL_SECONDS : SPARE_SLOT_POLL_SECONDS;
    const fetch = { pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: poll, includeMetadata: true } as const;
    await boss.work<TDeliveryJobData>(WEBHOOK_QUEUE, fetch, async ([job]) => {
      if (!job) return;
      try {
        await timedJob(WEBHOOK_QUEUE, (job as { startAfter?: Date }).startAfter, () =>
          runScheduledAttempt(job.data.deliveryId),
        );
      } catch (error) {
        // The row stays PENDING under its attempt lease; the sweep wakes it again.
        log.error("webhook delivery attempt failed", { deliveryId: job.data.deliveryId, error });
      }
    });
  }
  await createQueueOnce(boss, WEBHOOK_SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 120 });
  await boss.work(WEBHOOK_SWEEP_QUEUE, { pollingIntervalSeconds: SWEEP_POLL_SECONDS }, sweep);
  await boss.schedule(WEBHOOK_SWEEP_QUEUE, "* * * * *");
  await sweep().catch((error: unknown) => log.error("webhook delivery sweep failed", { error }));
}

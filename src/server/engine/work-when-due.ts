import type { JobWithMetadata, PgBoss } from "pg-boss";
import { expectJobsAt } from "@/server/jobs/due-wakes";

/**
 * How often a pg-boss worker of the engine looks for work on its own: a last safety net only.
 * NOTIFY wakes it when a job is queued, and the due wake-ups (jobs/due-wakes.ts) when a job queued
 * for later comes due or a wake-up was lost; polling every second or two cost an idle service a
 * statement per worker each time.
 */
const OWN_POLL_SECONDS = 300;

export type TWakes = { register(queue: string, wake: () => void): void };

/**
 * Registers `slots` pg-boss workers of `queue` that poll only as a safety net, each woken by the
 * due wake-ups. A failed attempt that the queue retries after `retryDelaySeconds` makes this
 * process look again then (a retry comes due with no NOTIFY).
 */
export async function workWhenDue<T>(
  boss: PgBoss,
  wakes: TWakes,
  queue: string,
  options: { slots?: number; retryDelaySeconds?: number },
  handler: (jobs: JobWithMetadata<T>[]) => Promise<unknown>,
): Promise<void> {
  const { slots = 1, retryDelaySeconds } = options;
  const work = async (jobs: JobWithMetadata<T>[]) => {
    try {
      await handler(jobs);
    } catch (error) {
      if (retryDelaySeconds !== undefined) expectJobsAt(Date.now() + retryDelaySeconds * 1000);
      throw error;
    }
  };
  const fetch = {
    pollingIntervalSeconds: OWN_POLL_SECONDS,
    notifyPollingIntervalSeconds: OWN_POLL_SECONDS,
    includeMetadata: true,
  } as const;
  for (let slot = 0; slot < slots; slot++) {
    const id = await boss.work<T, unknown, typeof fetch>(queue, fetch, work);
    wakes.register(queue, () => boss.notifyWorker(id));
  }
}

import type { PgBoss } from "pg-boss";
import { log } from "@/server/log";
import { expectJobsAt } from "@/server/jobs/due-wakes";
import { EXECUTION_RETRY_DELAY_SECONDS } from "@/server/jobs/queues";

/** A wake-up's count that says "jobs were released for a retry" (a process shutting down). */
export const RETRY_WAKE = "retry";

/** What a wake-up reaches: the queue's execution pump in this process (execution-pump.ts). */
export type TWakeable = { wake(): void };

type TListeningDb = {
  listen?: (
    channel: string,
    onNotification: (payload: string) => void,
    onReconnect: () => void,
  ) => Promise<{ close(): Promise<void> }>;
};

/** A wake-up's payload, `<queue>:<jobs queued>` (jobs/enqueue.ts) or `<queue>:retry` (released jobs). */
export function parseWake(payload: string): { queue: string; count: number; retry: boolean } {
  const at = payload.lastIndexOf(":");
  const tail = payload.slice(at + 1);
  const count = Number(tail);
  return at < 0
    ? { queue: payload, count: 1, retry: false }
    : {
        queue: payload.slice(0, at),
        count: Number.isInteger(count) && count > 0 ? count : 1,
        retry: tail === RETRY_WAKE,
      };
}

/**
 * Listens on the queue schema's wake-up `channel` (executionWakeChannel, jobs/queues.ts) for
 * committed execution jobs, on pg-boss's LISTEN connection machinery (reconnected with a
 * heartbeat on PostgreSQL, in-process on PGlite) until the queue stops. After a reconnect every
 * pump looks once: wake-ups sent meanwhile are lost. Without LISTEN, pumps poll.
 */
export async function listenForExecutions(
  boss: PgBoss,
  channel: string,
  pumpsOf: ReadonlyMap<string, TWakeable>,
): Promise<void> {
  const db = boss.getDb() as TListeningDb;
  if (!db.listen) return;
  const subscription = await db.listen(
    channel,
    (payload) => {
      // The count is not needed: one fetch takes as many jobs as there is room for.
      const wake = parseWake(payload);
      // Released jobs come due after the retry delay: look then (a fetch now would find nothing).
      if (wake.retry) expectJobsAt(Date.now() + EXECUTION_RETRY_DELAY_SECONDS * 1000 + 50);
      else pumpsOf.get(wake.queue)?.wake();
    },
    () => {
      for (const pump of pumpsOf.values()) pump.wake();
    },
  );
  boss.once(
    "stopped",
    () =>
      void subscription
        .close()
        .catch((error: unknown) => log.warn("Engine: closing the execution wake-up listener failed.", { error })),
  );
}

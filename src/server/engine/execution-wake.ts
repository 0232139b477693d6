import type { PgBoss } from "pg-boss";
import { log } from "@/server/log";

type TSlot = { workerId: string; busy: boolean; wokenAt: number };

/**
 * The execution slots of one queue in this process (each a pg-boss worker), and which of them a
 * wake-up goes to. pg-boss's own NOTIFY wakes every worker of a queue, so one job cost a fetch per
 * slot, all but one empty; here a wake-up for n jobs wakes n slots that are not running a job,
 * those woken longest ago first. A woken slot that is still fetching fetches again right after
 * (pg-boss keeps the wake-up), so no job waits for a poll while a slot is free.
 */
export class ExecutionSlots {
  private readonly slots: TSlot[] = [];

  /** `wakeWorker` wakes one pg-boss worker (PgBoss.notifyWorker). */
  constructor(private readonly wakeWorker: (workerId: string) => void) {}

  add(workerId: string): void {
    this.slots.push({ workerId, busy: false, wokenAt: 0 });
  }

  /** A slot's job started. */
  started(workerId: string): void {
    const slot = this.slots.find((each) => each.workerId === workerId);
    if (slot) slot.busy = true;
  }

  /** A slot's job ended: it takes the next queued job at once (a backlog drains without polls). */
  finished(workerId: string): void {
    const slot = this.slots.find((each) => each.workerId === workerId);
    if (!slot) return;
    slot.busy = false;
    this.wakeSlot(slot, Date.now());
  }

  /** Wakes up to `count` slots that are not running a job. */
  wake(count: number): void {
    const now = Date.now();
    const free = this.slots.filter((slot) => !slot.busy).sort((a, b) => a.wokenAt - b.wokenAt);
    for (const slot of free.slice(0, Math.max(1, count))) this.wakeSlot(slot, now);
  }

  wakeAll(): void {
    this.wake(this.slots.length);
  }

  private wakeSlot(slot: TSlot, now: number): void {
    slot.wokenAt = now;
    this.wakeWorker(slot.workerId);
  }
}

type TListeningDb = {
  listen?: (
    channel: string,
    onNotification: (payload: string) => void,
    onReconnect: () => void,
  ) => Promise<{ close(): Promise<void> }>;
};

/** A wake-up's payload, `<queue>:<jobs queued>` (jobs/enqueue.ts). */
export function parseWake(payload: string): { queue: string; count: number } {
  const at = payload.lastIndexOf(":");
  const count = Number(payload.slice(at + 1));
  return at < 0
    ? { queue: payload, count: 1 }
    : { queue: payload.slice(0, at), count: Number.isInteger(count) && count > 0 ? count : 1 };
}

/**
 * Listens on the queue schema's wake-up `channel` (executionWakeChannel, jobs/queues.ts) for
 * committed execution jobs, on pg-boss's LISTEN connection machinery (reconnected with a
 * heartbeat on PostgreSQL, in-process on PGlite) until the queue stops. After a reconnect every
 * slot looks once: wake-ups sent meanwhile are lost. Without LISTEN, slots poll.
 */
export async function listenForExecutions(
  boss: PgBoss,
  channel: string,
  slotsOf: ReadonlyMap<string, ExecutionSlots>,
): Promise<void> {
  const db = boss.getDb() as TListeningDb;
  if (!db.listen) return;
  const subscription = await db.listen(
    channel,
    (payload) => {
      const { queue, count } = parseWake(payload);
      slotsOf.get(queue)?.wake(count);
    },
    () => {
      for (const slots of slotsOf.values()) slots.wakeAll();
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

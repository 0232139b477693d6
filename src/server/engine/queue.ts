import { PgBoss, fromPglite } from "pg-boss";
import type { TDatabase } from "@/server/db/client";
import { log } from "@/server/log";

type TQueueState = { boss: PgBoss | null; state: "stopped" | "starting" | "running" | "failed"; error?: string };

// One queue per process, shared by every bundle Next.js builds (see db/client.ts).
const holder = globalThis as typeof globalThis & { __serviceQueue?: TQueueState };

function current(): TQueueState {
  return (holder.__serviceQueue ??= { boss: null, state: "stopped" });
}

/**
 * Starts the durable job queue (pg-boss) on the process's database: natively on PostgreSQL,
 * and through the same PGlite instance in embedded mode.
 */
export async function startQueue(database: TDatabase): Promise<PgBoss | null> {
  const queue = current();
  if (queue.state === "running" || queue.state === "starting") return queue.boss;
  queue.state = "starting";
  try {
    const boss = database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite" })
      : new PgBoss({ connectionString: database.connectionString!, max: 5 });
    boss.on("error", (error) => log.error("queue error", { error }));
    await boss.start();
    queue.boss = boss;
    queue.state = "running";
    return boss;
  } catch (error) {
    queue.state = "failed";
    queue.error = error instanceof Error ? error.message : String(error);
    log.error("queue failed to start", { error });
    return null;
  }
}

export async function stopQueue(): Promise<void> {
  const queue = current();
  if (queue.boss) await queue.boss.stop({ graceful: true }).catch(() => undefined);
  queue.boss = null;
  queue.state = "stopped";
}

export function queueStatus(): { state: TQueueState["state"]; error?: string } {
  const { state, error } = current();
  return error ? { state, error } : { state };
}

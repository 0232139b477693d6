import { PgBoss, fromPglite } from "pg-boss";
import { ready, type TDatabase } from "@/server/db/client";
import { env } from "@/server/env";
import { AppError } from "@/server/errors";
import { detach } from "@/server/detach";
import { log } from "@/server/log";
import { prepareQueueStatements } from "./prepared-statements";
import { ensureQueues, executionWakeChannel, type TQueueTable } from "./queues";

type TQueueState = {
  boss: PgBoss | null;
  state: "stopped" | "starting" | "running" | "failed";
  error?: string;
  starting?: Promise<PgBoss | null>;
  schema?: string;
  tables?: Map<string, TQueueTable>;
  // The schema's execution wake-up channel, named once when the queue starts.
  wakeChannel?: string;
};

// One queue per process, shared by every bundle Next.js builds (see db/client.ts).
const holder = globalThis as typeof globalThis & { __serviceQueue?: TQueueState };

function current(): TQueueState {
  return (holder.__serviceQueue ??= { boss: null, state: "stopped" });
}

/**
 * `schema`: pg-boss's own schema (default "pgboss"). Test files that share one PostgreSQL
 * database each use their own, so one file's workers never take another file's jobs.
 */
export type TQueueOptions = { schema?: string };

/**
 * pg-boss's own connections on PostgreSQL. They only move jobs between states (fetch, complete,
 * fail, maintenance, the sweeps' cron), and a job is only the wake-up of a row that is the
 * source of truth, so they commit without waiting for the WAL flush: a crash of PostgreSQL may
 * undo their last fraction of a second, which re-runs a job whose row says it is done (a no-op)
 * exactly as a crash of the worker already can. Every job insert runs on the application's
 * connections, inside the transaction of its rows, and stays durable.
 * Each connection lives at most QUEUE_CONNECTION_SECONDS: the fetch is planned once per
 * connection (prepared-statements.ts), and a plan made while the job table was small (a fresh
 * deployment, or statistics never refreshed because autovacuum is off) would otherwise outlive
 * the table it was made for.
 */
const QUEUE_SETTINGS = "-c synchronous_commit=off";
const QUEUE_CONNECTION_SECONDS = 60;

/**
 * The queue pool's connection. `pg` lets an `options` parameter of the URL replace the one given
 * beside it, so a deployment's own (say `-c statement_timeout=...`) would silently drop the
 * settings above: both are kept, the queue's last, so they win for these connections. Only the
 * query is rewritten: a socket URL (`postgresql://user@/db?host=/run/postgresql`) is no URL to
 * `new URL`.
 */
export function queueConnection(connectionString: string): {
  connectionString: string;
  options: string;
  max: number;
  maxLifetimeSeconds: number;
} {
  const queryAt = connectionString.indexOf("?");
  const base = queryAt < 0 ? connectionString : connectionString.slice(0, queryAt);
  const params = new URLSearchParams(queryAt < 0 ? "" : connectionString.slice(queryAt + 1));
  const own = params.get("options");
  params.delete("options");
  const query = params.toString();
  return {
    connectionString: query ? `${base}?${query}` : base,
    options: [own, QUEUE_SETTINGS].filter(Boolean).join(" "),
    max: 5,
    maxLifetimeSeconds: QUEUE_CONNECTION_SECONDS,
  };
}

// What pg-boss does on its own while the service idles. The service never uses job dependencies,
// so their pass (5 s by default, three statements) runs once a minute; a LISTEN connection's
// liveness check every 30 s instead of 10 s (the due wake-ups catch what a lost NOTIFY missed).
// No pg-boss cron: its clock checks, cron claims and send-it queue cost an idle service about ten
// statements a minute for three minute sweeps, which engine/scheduler.ts runs itself.
const QUIET_WHEN_IDLE = { flowIntervalSeconds: 60, notifyHeartbeatIntervalMs: 30_000, schedule: false };

async function boot(queue: TQueueState, database: TDatabase, options: TQueueOptions): Promise<PgBoss | null> {
  try {
    const boss = database.pglite
      ? new PgBoss({
          db: fromPglite(database.pglite),
          backend: "pglite",
          schema: options.schema,
          useListenNotify: true,
          ...QUIET_WHEN_IDLE,
        })
      : new PgBoss({
          ...queueConnection(database.connectionString!),
          schema: options.schema,
          useListenNotify: true,
          ...QUIET_WHEN_IDLE,
        });
    if (!database.pglite) prepareQueueStatements(boss, env.DATABASE_STATEMENT_CACHE);
    boss.on("error", (error) => log.error("queue error", { error }));
    await boss.start();
    // Warm before anyone can send: a transactional send then never reads queue metadata.
    queue.tables = await ensureQueues(boss);
    queue.boss = boss;
    queue.schema = options.schema ?? "pgboss";
    queue.wakeChannel = executionWakeChannel(queue.schema);
    queue.state = "running";
    return boss;
  } catch (error) {
    queue.state = "failed";
    queue.error = error instanceof Error ? error.message : String(error);
    log.error("queue failed to start", { error });
    return null;
  }
}

/**
 * Starts the durable job queue (pg-boss) on the process's database: natively on PostgreSQL,
 * and through the same PGlite instance in embedded mode. Every process starts it, because
 * every process sends jobs; only engine processes also work them (engine/workers.ts).
 * This is the jobs port: services enqueue through it (enqueue.ts) and never see the engine.
 */
export async function startQueue(database: TDatabase, options: TQueueOptions = {}): Promise<PgBoss | null> {
  const queue = current();
  if (queue.state === "running") return queue.boss;
  if (queue.state === "starting" && queue.starting) return queue.starting;
  queue.state = "starting";
  delete queue.error;
  queue.starting = boot(queue, database, options);
  return queue.starting;
}

/**
 * Stops the queue: workers stop fetching, running jobs get `timeoutMs` to finish, and those
 * still running then are failed back to the queue (pg-boss's failWip), so another engine
 * process retries them after the queue's retryDelay.
 */
export async function stopQueue(options: { timeoutMs?: number } = {}): Promise<void> {
  const queue = current();
  if (queue.boss) await queue.boss.stop({ graceful: true, timeout: options.timeoutMs ?? 5_000 }).catch(() => undefined);
  queue.boss = null;
  queue.state = "stopped";
  delete queue.starting;
}

/**
 * The running, warmed queue with its schema, its queues' tables and its execution wake-up
 * channel: what a statement needs to
 * insert jobs itself (jobs/enqueue.ts, jobsInsertSql). Refuses like warmQueue when not running.
 */
export function warmQueueTables(): { schema: string; tables: Map<string, TQueueTable>; wakeChannel: string } {
  warmQueue();
  const { schema = "pgboss", tables = new Map(), wakeChannel = executionWakeChannel(schema) } = current();
  return { schema, tables, wakeChannel };
}

/** The running queue and its pg-boss schema (metrics read queue depths from it), or null. */
export function runningQueue(): { boss: PgBoss; schema: string } | null {
  const { boss, state, schema } = current();
  return state === "running" && boss ? { boss, schema: schema ?? "pgboss" } : null;
}

export function queueStatus(): { state: TQueueState["state"]; error?: string } {
  const { state, error } = current();
  return error ? { state, error } : { state };
}

/**
 * The running, warmed queue, for sending jobs inside a transaction (jobs/enqueue.ts). A process
 * whose queue is not running cannot accept work that must happen after a 202, so it refuses
 * with 503 instead of losing the job, and starts the queue for the next request.
 */
export function warmQueue(): PgBoss {
  const queue = current();
  if (queue.state === "running" && queue.boss) return queue.boss;
  // Not awaited: the caller is inside a transaction, which on PGlite holds the one connection.
  if (queue.state !== "starting")
    detach(
      ready().then((database) => startQueue(database)),
      "job queue: starting it for the next request",
    );
  throw new AppError(
    "UNAVAILABLE",
    "The job queue is not running on this server, so no work can be accepted now; retry shortly.",
  );
}

import { readdir } from "node:fs/promises";
import { migrationsDir } from "@/server/db/migrate";
import { ready } from "@/server/db/client";
import { queueStatus } from "@/server/jobs/queue";
import { readQueueDepths } from "@/server/jobs/queue-depth";
import { FLOW_QUEUE, TURN_QUEUE } from "@/server/jobs/queues";

export type TLiveness = { status: "ok"; uptimeSeconds: number };

export type TReadiness = {
  status: "ready" | "not_ready";
  checks: {
    database: { ok: boolean; latencyMs: number; error?: string };
    migrations: { ok: boolean; pending: string[]; error?: string };
    queue: { ok: boolean; state: string; error?: string; backlog?: TBacklog };
  };
};

/**
 * The deployment's executions accepted and not started (`queued`) and running (`active`), per
 * queue: what an operator reads to decide whether to add workers. Information, never a reason
 * to be not ready: a backlog is work the engine will do.
 */
export type TBacklog = Record<string, { queued: number; active: number }>;

const EXECUTION_QUEUES = new Set([TURN_QUEUE, FLOW_QUEUE]);

async function executionBacklog(): Promise<TBacklog | undefined> {
  const depths = await readQueueDepths();
  if (depths.length === 0) return undefined;
  const backlog: TBacklog = {};
  for (const { queue, state, count } of depths) {
    if (!EXECUTION_QUEUES.has(queue)) continue;
    backlog[queue] ??= { queued: 0, active: 0 };
    backlog[queue][state] = count;
  }
  return backlog;
}

// A probe must answer within its own timeout (Kubernetes' default is 1 s; ours is generous).
const READY_TIMEOUT_MS = 3_000;

/** Liveness: the process runs and its event loop answers. Touches nothing else, so a database outage never restarts healthy processes. */
export function checkLiveness(): TLiveness {
  return { status: "ok", uptimeSeconds: Math.round(process.uptime()) };
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${READY_TIMEOUT_MS / 1000} s`)),
      READY_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Names of migration folders the database has not finished applying (none when ready). */
async function pendingMigrations(applied: Set<string>, dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && !applied.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Readiness: this process can do its job now. The database answers, every migration shipped
 * with this build is applied (a process of a newer release waits for its migrations), and the
 * job queue runs (every process sends jobs; a 202 is refused while it does not). The queue's
 * check also shows the execution backlog (TBacklog).
 */
export async function checkReadiness(options: { migrationsDir?: string } = {}): Promise<TReadiness> {
  const started = performance.now();
  const database: TReadiness["checks"]["database"] = { ok: false, latencyMs: 0 };
  const migrations: TReadiness["checks"]["migrations"] = { ok: false, pending: [] };
  try {
    const { prisma } = await withTimeout(ready(), "the database");
    const rows = await withTimeout(
      prisma.$queryRaw<
        Array<{ migration_name: string }>
      >`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      "the database",
    );
    database.ok = true;
    try {
      migrations.pending = await pendingMigrations(
        new Set(rows.map((row) => row.migration_name)),
        options.migrationsDir ?? migrationsDir(),
      );
      migrations.ok = migrations.pending.length === 0;
    } catch (error) {
      migrations.error = `the migrations folder could not be read: ${messageOf(error)}`;
    }
  } catch (error) {
    database.error = messageOf(error);
    migrations.error = "unknown while the database is unreachable";
  }
  database.latencyMs = Math.round((performance.now() - started) * 100) / 100;
  const { state, error } = queueStatus();
  const backlog =
    state === "running" ? await withTimeout(executionBacklog(), "the queue").catch(() => undefined) : undefined;
  const queue = { ok: state === "running", state, ...(error ? { error } : {}), ...(backlog ? { backlog } : {}) };
  return {
    status: database.ok && migrations.ok && queue.ok ? "ready" : "not_ready",
    checks: { database, migrations, queue },
  };
}

import { createHash } from "node:crypto";
import type { PgBoss } from "pg-boss";
import { env } from "@/server/env";

/** Queue names of the engine. */
export const TURN_QUEUE = "agent-turn";
/** Flow runs: one job per attempt of a flow run's execution (its Turn), like agent turns. */
export const FLOW_QUEUE = "flow-run";

/** The execution queues: each engine process runs their jobs in slots (engine/workers.ts). */
export const EXECUTION_QUEUES: ReadonlySet<string> = new Set([TURN_QUEUE, FLOW_QUEUE]);
/**
 * What wakes an idle execution slot when jobs commit: payload `<queue>:<jobs queued>`. pg-boss's
 * own NOTIFY wakes every worker of a queue, so each job cost one fetch per slot of every engine
 * process, all but one of them empty; each engine process wakes only as many idle slots as jobs
 * came (engine/execution-wake.ts). One channel per pg-boss schema, as pg-boss names its own: a
 * NOTIFY reaches every session of the database, and the engines of another schema (another
 * deployment, or another test file) would otherwise fetch from their empty queues for each job.
 * Hashed so that any schema name gives a channel within PostgreSQL's 63-byte identifier limit.
 */
export function executionWakeChannel(schema: string): string {
  return `service_execution_jobs_${createHash("sha224").update(schema).digest("hex").slice(0, 24)}`;
}

/** Partner onboarding runs: one job per follower, applying its template release step by step. */
export const ONBOARDING_QUEUE = "partner-onboarding";
/** Webhook deliveries: one job per attempt; the WebhookDelivery row schedules the next one. */
export const WEBHOOK_QUEUE = "webhook-delivery";
/** Approved assistant actions: one job runs one action's tool call (spec 4.8). */
export const ASSISTANT_ACTION_QUEUE = "assistant-action";
/** Attempts of an onboarding run before the follower is marked FAILED (each resumes where the last stopped). */
export const ONBOARDING_RETRY_LIMIT = 5;

/** Worker attempts of one execution job before the turn fails (crash recovery retries the rest). */
export const TURN_JOB_RETRY_LIMIT = 3;

/** What an execution job carries: the Turn row it runs (an agent turn, or a flow run's execution). */
export type TExecutionJobData = { turnId: string };
/** What an onboarding job carries: the Follower row whose onboarding it runs. */
export type TOnboardingJobData = { followerId: string };

export type TQueueCreateOptions = NonNullable<Parameters<PgBoss["createQueue"]>[1]>;

/** How long a failed or released execution job waits before it is retried. */
export const EXECUTION_RETRY_DELAY_SECONDS = 2;

/** Agent turns and flow runs: one execution per job, retried after a crash. */
const EXECUTION_QUEUE_OPTIONS: TQueueCreateOptions = {
  retryLimit: TURN_JOB_RETRY_LIMIT,
  retryDelay: EXECUTION_RETRY_DELAY_SECONDS,
  // A worker that died mid-turn stops heartbeating; after this its job is retried elsewhere.
  heartbeatSeconds: env.ENGINE_JOB_HEARTBEAT_SECONDS,
  // The longest a single attempt may hold the job (approval waits are not attempts): past the
  // turn's own deadline, which stops the attempt first (execution-pump.ts stops it before this).
  expireInSeconds: Math.min(env.TURN_DEADLINE_SECONDS + 60, 24 * 3600),
  // Not pg-boss's NOTIFY: a new job wakes idle slots through executionWakeChannel at commit
  // (jobs/enqueue.ts), so one starts it at once instead of at its next poll.
  notify: false,
};

/** Onboarding: idempotent steps, so a retried job converges; backoff spreads retries of a failing database. */
export const ONBOARDING_RETRY_DELAY_SECONDS = 2;

const ONBOARDING_QUEUE_OPTIONS: TQueueCreateOptions = {
  retryLimit: ONBOARDING_RETRY_LIMIT,
  retryDelay: ONBOARDING_RETRY_DELAY_SECONDS,
  retryBackoff: true,
  heartbeatSeconds: 30,
  expireInSeconds: 600,
  notify: true,
};

/** A delivery attempt never retries as a job: the delivery row schedules its own next attempt. */
const WEBHOOK_QUEUE_OPTIONS: TQueueCreateOptions = { retryLimit: 0, expireInSeconds: 120, notify: true };

export const ASSISTANT_ACTION_RETRY_DELAY_SECONDS = 5;

/**
 * An approved action's run: a retry never re-runs a call that started (the job finds it RUNNING
 * and fails it as interrupted), so retrying is safe; the minute sweep wakes a lost one.
 */
const ASSISTANT_ACTION_QUEUE_OPTIONS: TQueueCreateOptions = {
  retryLimit: 2,
  retryDelay: ASSISTANT_ACTION_RETRY_DELAY_SECONDS,
  expireInSeconds: 300,
  notify: true,
};

export async function createQueueOnce(boss: PgBoss, name: string, options: TQueueCreateOptions): Promise<void> {
  const existing = await boss.getQueue(name);
  // pg-boss keeps a queue's options from its creation: an existing queue follows this process's
  // configuration (TURN_DEADLINE_SECONDS, ENGINE_JOB_HEARTBEAT_SECONDS...) each time it starts.
  // Jobs already queued keep what they were sent with.
  if (existing) {
    const { retryLimit, retryDelay, retryBackoff, heartbeatSeconds, expireInSeconds, notify } = options;
    await boss.updateQueue(name, {
      ...(retryLimit !== undefined ? { retryLimit } : {}),
      ...(retryDelay !== undefined ? { retryDelay } : {}),
      ...(retryBackoff !== undefined ? { retryBackoff } : {}),
      ...(heartbeatSeconds !== undefined ? { heartbeatSeconds } : {}),
      ...(expireInSeconds !== undefined ? { expireInSeconds } : {}),
      notify: Boolean(notify),
    });
    return;
  }
  try {
    await boss.createQueue(name, options);
  } catch (error) {
    // Another process created it between our read and our insert.
    if (!(await boss.getQueue(name))) throw error;
  }
}

/**
 * Creates the engine's queues and loads their metadata into the queue's cache: a transactional
 * send reads it, and on PGlite reading it inside a Prisma transaction would wait on the same
 * single connection (TOOLCHAIN.md, Queue). Runs once, when the queue starts.
 */
export async function ensureQueues(boss: PgBoss): Promise<Map<string, TQueueTable>> {
  await createQueueOnce(boss, TURN_QUEUE, EXECUTION_QUEUE_OPTIONS);
  await createQueueOnce(boss, FLOW_QUEUE, EXECUTION_QUEUE_OPTIONS);
  await createQueueOnce(boss, ONBOARDING_QUEUE, ONBOARDING_QUEUE_OPTIONS);
  await createQueueOnce(boss, WEBHOOK_QUEUE, WEBHOOK_QUEUE_OPTIONS);
  await createQueueOnce(boss, ASSISTANT_ACTION_QUEUE, ASSISTANT_ACTION_QUEUE_OPTIONS);
  // getQueue() alone does not fill the cache send() reads (a queue created after start is
  // missing from it); previewRedrive() is a read-only call that goes through that cache.
  await boss.previewRedrive(TURN_QUEUE);
  await boss.previewRedrive(FLOW_QUEUE);
  await boss.previewRedrive(ONBOARDING_QUEUE);
  await boss.previewRedrive(WEBHOOK_QUEUE);
  await boss.previewRedrive(ASSISTANT_ACTION_QUEUE);
  return queueTables(boss, [TURN_QUEUE, FLOW_QUEUE, ONBOARDING_QUEUE, WEBHOOK_QUEUE, ASSISTANT_ACTION_QUEUE]);
}

/** Where a queue's jobs live: pg-boss gives each queue its own partition of the job table. */
export type TQueueTable = { table: string; notify: boolean };

/** Each queue's job table (a field of getQueue's row that pg-boss's types leave out). */
async function queueTables(boss: PgBoss, names: string[]): Promise<Map<string, TQueueTable>> {
  const tables = new Map<string, TQueueTable>();
  for (const name of names) {
    const queue = (await boss.getQueue(name)) as (Awaited<ReturnType<PgBoss["getQueue"]>> & { table?: string }) | null;
    if (queue?.table) tables.set(name, { table: queue.table, notify: Boolean(queue.notify) });
  }
  return tables;
}

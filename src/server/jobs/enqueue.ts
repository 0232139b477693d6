import { fromPrisma } from "pg-boss";
import { insertJobs, notifyChannelSql } from "pg-boss/dist/plans.js";
import { queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import {
  ASSISTANT_ACTION_QUEUE,
  EXECUTION_QUEUES,
  FLOW_QUEUE,
  ONBOARDING_QUEUE,
  TURN_QUEUE,
  WEBHOOK_QUEUE,
} from "./queues";
import { warmQueue, warmQueueTables } from "./queue";
import { expectJobsAt } from "./due-wakes";

/**
 * Work that happens after a 202, each named by the row that is its source of truth: an agent
 * turn or a flow run's execution (a Turn row), a partner follower's onboarding run (its
 * Follower row), a webhook delivery attempt (its WebhookDelivery row), an approved assistant
 * action's run (its AssistantAction row).
 */
export type TJob =
  | { kind: "agent-turn"; turnId: string; organizationId: string }
  | { kind: "flow-run"; turnId: string; organizationId: string }
  | { kind: "onboarding"; followerId: string }
  | { kind: "webhook-delivery"; deliveryId: string }
  | { kind: "assistant-action"; actionId: string };

const QUEUE_OF: Record<TJob["kind"], string> = {
  "agent-turn": TURN_QUEUE,
  "flow-run": FLOW_QUEUE,
  onboarding: ONBOARDING_QUEUE,
  "webhook-delivery": WEBHOOK_QUEUE,
  "assistant-action": ASSISTANT_ACTION_QUEUE,
};

/**
 * Per-organization fairness: an execution job (agent turn, flow run) carries its organization as
 * its pg-boss group, and engine workers fetch with a per-group concurrency cap
 * (ENGINE_ORG_CONCURRENCY, engine/workers.ts), so one organization's burst cannot hold every
 * slot of the deployment. The caller names the organization: no read on the enqueue path.
 */
function groupIdOf(job: TJob): string | null {
  return "organizationId" in job ? job.organizationId : null;
}

function groupOf(job: TJob): { group: { id: string } } | object {
  const id = groupIdOf(job);
  return id ? { group: { id } } : {};
}

/** The job's data is the job without its kind (the queue says the kind). */
function dataOf({ kind: _kind, ...data }: TJob): object {
  return data;
}

/**
 * Queues a job inside the caller's transaction: the job exists exactly when the rows it works
 * on commit, so there is never a queued turn without a job, nor a job for a rolled-back turn.
 * The row is the source of truth; the job is only its wake-up. Services enqueue; only the
 * engine runs jobs.
 */
export async function enqueue(tx: TTransaction, job: TJob, options: { startAfter?: Date } = {}): Promise<void> {
  if (isExecution(job) && !options.startAfter) return insertExecutions(tx, [job]);
  // startAfter: a job that wakes its row later (a webhook delivery's next attempt).
  await warmQueue().send(QUEUE_OF[job.kind], dataOf(job), {
    db: fromPrisma(tx),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...groupOf(job),
  });
  // No NOTIFY can announce it when it comes due: this process's workers look then (committed by then).
  if (options.startAfter) expectJobsAt(options.startAfter);
}

/** Several jobs of one transaction (a fan-out) in one insert. */
export async function enqueueMany(tx: TTransaction, jobs: TJob[]): Promise<void> {
  await insertExecutions(tx, jobs.filter(isExecution));
  const boss = warmQueue();
  for (const kind of Object.keys(QUEUE_OF) as Array<TJob["kind"]>) {
    const ofKind = jobs.filter((job) => job.kind === kind && !isExecution(job));
    if (ofKind.length === 0) continue;
    const rows = ofKind.map((job) => ({ data: dataOf(job), ...groupOf(job) }));
    await boss.insert(QUEUE_OF[kind], rows, { db: fromPrisma(tx) });
  }
}

const isExecution = (job: TJob) => EXECUTION_QUEUES.has(QUEUE_OF[job.kind]);

/** Execution jobs and their wake-up in one statement (pg-boss's send would wake pg-boss's workers). */
async function insertExecutions(tx: TTransaction, jobs: TJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const { ctes, notify } = jobsInsertSql(jobs, Prisma.sql`true`);
  await queryRows(tx, Prisma.sql`WITH ${Prisma.join(ctes)} ${notify ?? Prisma.sql`SELECT NULL`}`);
}

// Where pg-boss's insert reads its rows (one JSON array of jobs); the only parameter it has.
const JOBS_PARAMETER = "$1::text::json";

// pg-boss's insert for one queue's table, split around its parameter: built once per table, not per start.
const inserts = new Map<string, [string, string]>();

function insertAround(schema: string, table: string, name: string): [string, string] {
  const key = `${schema}.${table}/${name}`;
  let parts = inserts.get(key);
  if (!parts) {
    const [before, after, ...rest] = insertJobs(schema, { table, name, returnId: false, notify: false }).split(
      JOBS_PARAMETER,
    );
    if (after === undefined || rest.length > 0)
      throw new Error("pg-boss's job insert changed shape: jobsInsertSql must be revisited for this version.");
    parts = [before!, after];
    inserts.set(key, parts);
  }
  return parts;
}

/**
 * The jobs of rows the caller inserts in the same statement, as parts of that statement: one
 * insert per queue (`ctes`, named job_0, job_1, ...: place them in the statement's WITH) and the
 * select that wakes each queue's idle workers at commit (`notify`: execution queues through
 * the schema's executionWakeChannel with the count of jobs, others through pg-boss's channel; it must be read by the
 * statement's final query, or it does not run). The inserts are pg-boss's own (the pinned
 * version's `insertJobs`, so queue defaults, retention and groups are applied as send() does),
 * reading their rows from this statement's parameter instead of their own, and only when
 * `guard` holds: a start refused inside the statement queues nothing. This saves a start the
 * job's round trip and, when it is the start's only other statement, its transaction.
 */
export function jobsInsertSql(jobs: TJob[], guard: Prisma.Sql): { ctes: Prisma.Sql[]; notify: Prisma.Sql | null } {
  if (jobs.length === 0) return { ctes: [], notify: null };
  const { schema, tables, wakeChannel } = warmQueueTables();
  const kinds = [...new Set(jobs.map((job) => job.kind))];
  const ctes = kinds.map((kind, index) => {
    const name = QUEUE_OF[kind];
    const queue = tables.get(name);
    if (!queue) throw new Error(`The job queue ${name} has no table: was it created when the queue started?`);
    const [before, after] = insertAround(schema, queue.table, name);
    const rows = jobs.filter((job) => job.kind === kind).map((job) => ({ data: dataOf(job), groupId: groupIdOf(job) }));
    return Prisma.sql`job_${Prisma.raw(String(index))} AS (${Prisma.raw(before)}(SELECT ${JSON.stringify(rows)}::text::json WHERE ${guard})${Prisma.raw(after)} RETURNING name)`;
  });
  const woken = kinds.flatMap((kind, index) => {
    const name = QUEUE_OF[kind];
    const queued = Prisma.sql`(SELECT count(*) AS queued FROM job_${Prisma.raw(String(index))}) AS counted WHERE queued > 0`;
    if (EXECUTION_QUEUES.has(name))
      return [Prisma.sql`SELECT pg_notify(${wakeChannel}, ${`${name}:`}::text || queued::text)::text FROM ${queued}`];
    return tables.get(name)!.notify
      ? [Prisma.sql`SELECT pg_notify(${Prisma.raw(notifyChannelSql(schema))}, ${name})::text FROM ${queued}`]
      : [];
  });
  if (woken.length === 0) return { ctes, notify: null };
  return { ctes, notify: Prisma.join(woken, " UNION ALL ") };
}

import { fromPrisma, type PgBoss } from "pg-boss";
import type { TTransaction } from "@/server/db/client";
import { env } from "@/server/env";
import { requireQueue } from "./queue";

/** Queue names of the agent runtime. */
export const TURN_QUEUE = "agent-turn";
export const TURN_SWEEP_QUEUE = "agent-turn-sweep";
/** Flow runs: one job per attempt of a flow run's execution (its Turn), like agent turns. */
export const FLOW_QUEUE = "flow-run";

/** Worker attempts of one turn job before the turn fails (crash recovery retries the rest). */
export const TURN_JOB_RETRY_LIMIT = 3;

export type TTurnJob = { turnId: string };
/** A flow run's job names the run's execution (its Turn row), exactly like an agent turn's. */
export type TFlowJob = { turnId: string };

const holder = globalThis as typeof globalThis & { __serviceQueuesReady?: WeakMap<PgBoss, Promise<void>> };

async function createQueueOnce(boss: PgBoss, name: string, options: Parameters<PgBoss["createQueue"]>[1]): Promise<void> {
  if (await boss.getQueue(name)) return;
  try {
    await boss.createQueue(name, options);
  } catch (error) {
    // Another process created it between our read and our insert.
    if (!(await boss.getQueue(name))) throw error;
  }
}

/**
 * Creates the runtime's queues and loads their metadata once per queue instance: a
 * transactional send reads it, and on PGlite reading it inside a Prisma transaction would wait
 * on the same single connection (TOOLCHAIN.md, Queue).
 */
export function ensureQueues(boss: PgBoss): Promise<void> {
  const ready = (holder.__serviceQueuesReady ??= new WeakMap());
  let promise = ready.get(boss);
  if (!promise) {
    promise = (async () => {
      await createQueueOnce(boss, TURN_QUEUE, {
        retryLimit: TURN_JOB_RETRY_LIMIT,
        retryDelay: 2,
        // A worker that died mid-turn stops heartbeating; after 30 s its job is retried elsewhere.
        heartbeatSeconds: 30,
        // The longest a single attempt may hold the job (approval waits are not attempts).
        expireInSeconds: Math.min(env.TURN_DEADLINE_SECONDS + 60, 3600),
      });
      await createQueueOnce(boss, TURN_SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 120 });
      await createQueueOnce(boss, FLOW_QUEUE, {
        retryLimit: TURN_JOB_RETRY_LIMIT,
        retryDelay: 2,
        heartbeatSeconds: 30,
        expireInSeconds: Math.min(env.TURN_DEADLINE_SECONDS + 60, 3600),
      });
      // getQueue() alone does not fill the cache send() reads (a queue created after start is
      // missing from it); previewRedrive() is a read-only call that goes through that cache.
      await boss.previewRedrive(TURN_QUEUE);
      await boss.previewRedrive(FLOW_QUEUE);
    })();
    promise.catch(() => ready.delete(boss));
    ready.set(boss, promise);
  }
  return promise;
}

/** Queue metadata warmed before a transaction opens; call outside any transaction. */
export async function turnQueue(): Promise<PgBoss> {
  const boss = await requireQueue();
  await ensureQueues(boss);
  return boss;
}

/**
 * Queues a turn inside the caller's transaction: the job exists exactly when the turn row
 * commits, so there is never a queued turn without a job, nor a job for a rolled-back turn.
 */
export async function enqueueTurn(boss: PgBoss, tx: TTransaction, turnId: string): Promise<void> {
  await boss.send(TURN_QUEUE, { turnId } satisfies TTurnJob, { db: fromPrisma(tx) });
}

/** Queues a flow run's execution inside the caller's transaction (same guarantee as enqueueTurn). */
export async function enqueueFlowRun(boss: PgBoss, tx: TTransaction, turnId: string): Promise<void> {
  await boss.send(FLOW_QUEUE, { turnId } satisfies TFlowJob, { db: fromPrisma(tx) });
}

/**
 * Queues an execution again (after an approval decision): a flow run's turn goes to the flow
 * queue, any other turn to the agent queue.
 */
export async function enqueueExecution(boss: PgBoss, tx: TTransaction, turnId: string): Promise<void> {
  const flowRun = await tx.flowRun.findFirst({ where: { session: { turns: { some: { id: turnId } } } }, select: { id: true } });
  if (flowRun) await enqueueFlowRun(boss, tx, turnId);
  else await enqueueTurn(boss, tx, turnId);
}

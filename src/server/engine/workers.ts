import type { Job, PgBoss } from "pg-boss";
import { env } from "@/server/env";
import { warmQueueTables } from "@/server/jobs/queue";
import {
  ASSISTANT_ACTION_QUEUE,
  FLOW_QUEUE,
  ONBOARDING_QUEUE,
  WEBHOOK_QUEUE,
  TURN_JOB_RETRY_LIMIT,
  TURN_QUEUE,
  TURN_SWEEP_QUEUE,
  type TExecutionJobData,
  type TOnboardingJobData,
} from "@/server/jobs/queues";
import { log } from "@/server/log";
import { timedJob } from "@/server/observability/metrics";
import { runFlow } from "./flow-runner";
import { runOnboardingJob } from "./onboarding";
import { failInterruptedTurn, sweepExpiredTurns } from "./recovery";
import { runTurn } from "./turn-runner";
import { APPROVAL_SWEEP_QUEUE, registerAssistantActions } from "./assistant-action-jobs";
import { ExecutionSlots, listenForExecutions } from "./execution-wake";
import { registerWebhookDelivery, WEBHOOK_SWEEP_QUEUE } from "./webhook-delivery";

/**
 * How an execution slot fetches. groupConcurrency (pg-boss 12) is checked in the fetch query
 * against every active job of the group in the database, so the per-organization cap holds
 * across all engine processes; a capped organization's backlog waits while other
 * organizations' jobs are taken. Jobs queued without a group are never capped.
 */
function executionFetch() {
  return {
    pollingIntervalSeconds: env.ENGINE_IDLE_POLL_SECONDS,
    notifyPollingIntervalSeconds: env.ENGINE_IDLE_POLL_SECONDS,
    ...(env.ENGINE_ORG_CONCURRENCY > 0 ? { groupConcurrency: env.ENGINE_ORG_CONCURRENCY } : {}),
  };
}

/**
 * Runs `slots` executions of one queue at once. Each slot is its own pg-boss worker; this
 * process's wake-ups (execution-wake.ts) go to as many free slots as jobs were queued, and a slot
 * whose job ends takes the next queued job at once: pg-boss would otherwise wait out its polling
 * interval after every job, and a backlog would drain one job per slot per interval.
 */
async function workExecutions(
  boss: PgBoss,
  queue: string,
  slotCount: number,
  run: (turnId: string) => Promise<void>,
  what: string,
): Promise<ExecutionSlots> {
  const slots = new ExecutionSlots((id) => boss.notifyWorker(id));
  for (let slot = 0; slot < slotCount; slot++) {
    // Known once work() returns, before its first job can end (fetching takes a round trip).
    let workerId: string | null = null;
    workerId = await boss.work<TExecutionJobData>(
      queue,
      { ...executionFetch(), includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        if (workerId) slots.started(workerId);
        try {
          await timedJob(queue, (job as { startAfter?: Date }).startAfter, () => runExecution(job, run, what));
        } finally {
          if (workerId) slots.finished(workerId);
        }
      },
    );
    slots.add(workerId);
  }
  return slots;
}

/** One attempt; after the last retry the turn fails TURN_INTERRUPTED instead of staying stuck. */
async function runExecution(
  job: Job<TExecutionJobData> & { retryCount: number },
  run: (turnId: string) => Promise<void>,
  what: string,
): Promise<void> {
  try {
    await run(job.data.turnId);
  } catch (error) {
    log.error(`${what} attempt failed`, { turnId: job.data.turnId, retry: job.retryCount, error });
    if (job.retryCount >= TURN_JOB_RETRY_LIMIT) await failInterruptedTurn(job.data.turnId).catch(() => undefined);
    throw error;
  }
}

/**
 * Registers the engine's workers on a started queue: the web process when ENGINE_IN_PROCESS,
 * and `npm run worker`. Both call this, so a job behaves the same wherever it runs. Agent turns
 * and flow runs each get ENGINE_SLOTS executions at once per process.
 */
export async function registerWorkers(boss: PgBoss): Promise<void> {
  const slotsOf = new Map<string, ExecutionSlots>();
  slotsOf.set(TURN_QUEUE, await workExecutions(boss, TURN_QUEUE, env.ENGINE_SLOTS, runTurn, "turn"));
  // Flow runs share the turn rules: retries, TURN_INTERRUPTED after the last one.
  slotsOf.set(FLOW_QUEUE, await workExecutions(boss, FLOW_QUEUE, env.ENGINE_SLOTS, runFlow, "flow run"));
  // The started queue's channel: its enqueues notify it (jobs/enqueue.ts).
  await listenForExecutions(boss, warmQueueTables().wakeChannel, slotsOf);
  // Partner onboarding runs: rare and short, one at a time per process is plenty.
  await boss.work<TOnboardingJobData>(
    ONBOARDING_QUEUE,
    {
      pollingIntervalSeconds: env.ENGINE_IDLE_POLL_SECONDS,
      notifyPollingIntervalSeconds: env.ENGINE_IDLE_POLL_SECONDS,
      includeMetadata: true,
    },
    async ([job]) => {
      if (job) await runOnboardingJob(job);
    },
  );
  await boss.work(TURN_SWEEP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    await sweepExpiredTurns();
  });
  await boss.schedule(TURN_SWEEP_QUEUE, "* * * * *");
  // Assistant webhooks (spec 6.2): delivery attempts and their minute sweep.
  await registerWebhookDelivery(boss);
  // Assistant actions (spec 4.8): approved actions' runs and the approval expiry sweep.
  await registerAssistantActions(boss);
}

/** Every queue registerWorkers works: what a draining engine stops fetching from. */
const ENGINE_QUEUES = [
  TURN_QUEUE,
  FLOW_QUEUE,
  ONBOARDING_QUEUE,
  TURN_SWEEP_QUEUE,
  WEBHOOK_QUEUE,
  WEBHOOK_SWEEP_QUEUE,
  ASSISTANT_ACTION_QUEUE,
  APPROVAL_SWEEP_QUEUE,
];

/**
 * Shutdown, first half: the engine's workers stop fetching at once, and this resolves when
 * their running jobs have finished or at `deadline` (epoch ms), whichever comes first. Jobs
 * still running then are released by stopQueue (failed back to the queue, retried elsewhere).
 * The queue itself keeps running meanwhile, so a web process can still accept work.
 */
export async function stopFetching(boss: PgBoss, deadline: number): Promise<"finished" | "timed out"> {
  const stopped = Promise.allSettled(ENGINE_QUEUES.map((queue) => boss.offWork(queue, { wait: true }))).then(
    () => "finished" as const,
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timed out">(
    (resolve) => (timer = setTimeout(() => resolve("timed out"), Math.max(0, deadline - Date.now()))),
  );
  try {
    return await Promise.race([stopped, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

import type { PgBoss } from "pg-boss";
import { log } from "@/server/log";
import { ensureQueues, FLOW_QUEUE, TURN_JOB_RETRY_LIMIT, TURN_QUEUE, TURN_SWEEP_QUEUE, type TFlowJob, type TTurnJob } from "./jobs";
import { runFlow } from "./flow-runner";
import { failInterruptedTurn, sweepExpiredTurns } from "./recovery";
import { runTurn } from "./turn-runner";

/** Turns worked at once per process. */
const TURN_CONCURRENCY = 4;

/**
 * Registers the engine's workers on a started queue: the web process when ENGINE_IN_PROCESS,
 * and `npm run worker`. Both call this, so a job behaves the same wherever it runs.
 */
export async function registerWorkers(boss: PgBoss): Promise<void> {
  await ensureQueues(boss);
  await boss.work<TTurnJob>(TURN_QUEUE, { pollingIntervalSeconds: 0.5, localConcurrency: TURN_CONCURRENCY, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    try {
      await runTurn(job.data.turnId);
    } catch (error) {
      log.error("turn attempt failed", { turnId: job.data.turnId, retry: job.retryCount, error });
      if (job.retryCount >= TURN_JOB_RETRY_LIMIT) await failInterruptedTurn(job.data.turnId).catch(() => undefined);
      throw error;
    }
  });
  // Flow runs share the turn rules: retries, TURN_INTERRUPTED after the last one.
  await boss.work<TFlowJob>(FLOW_QUEUE, { pollingIntervalSeconds: 0.5, localConcurrency: TURN_CONCURRENCY, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    try {
      await runFlow(job.data.turnId);
    } catch (error) {
      log.error("flow run attempt failed", { turnId: job.data.turnId, retry: job.retryCount, error });
      if (job.retryCount >= TURN_JOB_RETRY_LIMIT) await failInterruptedTurn(job.data.turnId).catch(() => undefined);
      throw error;
    }
  });
  await boss.work(TURN_SWEEP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    await sweepExpiredTurns();
  });
  await boss.schedule(TURN_SWEEP_QUEUE, "* * * * *");
}

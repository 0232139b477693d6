import type { PgBoss } from "pg-boss";
import { detach } from "@/server/detach";
import { runningQueue, warmQueueTables } from "@/server/jobs/queue";
import { expectJobsAt, startDueWakes } from "@/server/jobs/due-wakes";
import {
  ASSISTANT_ACTION_QUEUE,
  FLOW_QUEUE,
  ONBOARDING_QUEUE,
  ONBOARDING_RETRY_DELAY_SECONDS,
  WEBHOOK_QUEUE,
  TURN_QUEUE,
  type TOnboardingJobData,
} from "@/server/jobs/queues";
import { runFlow } from "./flow-runner";
import { runOnboardingJob } from "./onboarding";
import { runTurn } from "./turn-runner";
import { registerAssistantActions } from "./assistant-action-jobs";
import { listenForExecutions } from "./execution-wake";
import { Admission } from "./admission";
import { ExecutionPump } from "./execution-pump";
import { workWhenDue } from "./work-when-due";
import { registerWebhookDelivery } from "./webhook-delivery";

// This process's execution pumps (agent turns, flow runs), sharing one admission.
let pumps: ExecutionPump[] = [];
let admission: Admission | null = null;

/**
 * Registers the engine's workers on a started queue: the web process when ENGINE_IN_PROCESS,
 * and `npm run worker`. Both call this, so a job behaves the same wherever it runs. Agent turns
 * and flow runs share one admission (execution-pump.ts): as many run at once as the process
 * can hold, not a slot count.
 */
export async function registerWorkers(boss: PgBoss): Promise<void> {
  admission?.close();
  admission = new Admission();
  pumps = [
    new ExecutionPump(boss, TURN_QUEUE, runTurn, "turn", admission),
    // Flow runs share the turn rules: retries, TURN_INTERRUPTED after the last one.
    new ExecutionPump(boss, FLOW_QUEUE, runFlow, "flow run", admission),
  ];
  const closing = { admission, pumps };
  // A stopped queue's pumps stop with it (a test, or a process, may start another queue).
  boss.once("stopped", () => {
    for (const pump of closing.pumps) detach(pump.stop(), "Stopping an execution pump");
    closing.admission.close();
  });
  // No worker polls on a period: NOTIFY starts queued jobs, the due wake-ups the ones queued for later.
  const wakes = startDueWakes(boss, runningQueue()?.schema ?? "pgboss");
  for (const pump of pumps) wakes.register(pump.queue, () => pump.wake());
  // The started queue's channel: its enqueues notify it (jobs/enqueue.ts).
  await listenForExecutions(boss, warmQueueTables().wakeChannel, new Map(pumps.map((pump) => [pump.queue, pump])));
  for (const pump of pumps) pump.start();
  // Partner onboarding runs: rare and short, one at a time per process is plenty.
  await workWhenDue<TOnboardingJobData>(
    boss,
    wakes,
    ONBOARDING_QUEUE,
    { retryDelaySeconds: ONBOARDING_RETRY_DELAY_SECONDS },
    async ([job]) => {
      if (job) await runOnboardingJob(job);
    },
  );
  // The minute sweeps (turns past their bounds, lost deliveries, approvals) run from scheduler.ts.
  // Assistant webhooks (spec 6.2): delivery attempts.
  await registerWebhookDelivery(boss, wakes);
  // Assistant actions (spec 4.8): approved actions' runs.
  await registerAssistantActions(boss, wakes);
  // The first look: jobs may be due already (queued while no engine ran).
  expectJobsAt(Date.now());
}

/** The queues registerWorkers works through pg-boss's own workers (the pumps stop themselves). */
const WORKED_QUEUES = [ONBOARDING_QUEUE, WEBHOOK_QUEUE, ASSISTANT_ACTION_QUEUE];

/**
 * Shutdown, first half: the engine stops fetching at once, and this resolves when its running
 * jobs have finished or at `deadline` (epoch ms), whichever comes first. Jobs still running then
 * are released by releaseExecutions and stopQueue (failed back to the queue, retried
 * elsewhere). The queue itself keeps running meanwhile, so a web process can still accept work.
 */
export async function stopFetching(boss: PgBoss, deadline: number): Promise<"finished" | "timed out"> {
  const stopped = Promise.allSettled([
    ...WORKED_QUEUES.map((queue) => boss.offWork(queue, { wait: true })),
    ...pumps.map((pump) => pump.stop()),
  ]).then(() => "finished" as const);
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

/** Shutdown past its grace: every running execution stops and its job goes back to the queue. */
export async function releaseExecutions(): Promise<void> {
  await Promise.allSettled(pumps.map((pump) => pump.release()));
}

/** Executions running in this process now (metrics, readiness). */
export function executionsInFlight(): number {
  return admission?.inFlight ?? 0;
}

import { ready } from "@/server/db/client";
import { stopScheduler } from "@/server/engine/scheduler";
import { releaseExecutions, stopFetching } from "@/server/engine/workers";
import { env } from "@/server/env";
import { runningQueue, stopQueue } from "@/server/jobs/queue";
import { detach } from "@/server/detach";
import { log } from "@/server/log";
import { startDraining } from "./draining";

// What pg-boss gets, after the grace period, to fail the jobs still running back to the queue.
const RELEASE_TIMEOUT_MS = 1_000;

/**
 * Shutdown of an engine: the scheduler stops ticking and the workers stop fetching at once;
 * running jobs get until `deadline` (epoch ms) to finish. Call releaseEngine() after it.
 */
export async function drainEngine(deadline: number): Promise<void> {
  stopScheduler();
  const boss = runningQueue()?.boss;
  if (!boss) return;
  const outcome = await stopFetching(boss, deadline);
  log.info("engine drained", { outcome });
}

/**
 * Last step: jobs still running are failed back to the queue (another engine process retries
 * them; a turn resumes from what it persisted and never re-runs a tool call that started), then
 * the queue closes. The caller closes the database and exits right after, before the queue's
 * retryDelay lets another process take a released job.
 */
export async function releaseEngine(): Promise<void> {
  await releaseExecutions().catch((error: unknown) =>
    log.warn("Engine: releasing running executions failed.", { error }),
  );
  await stopQueue({ timeoutMs: RELEASE_TIMEOUT_MS });
}

async function closeDatabase(): Promise<void> {
  await ready()
    .then((database) => database.close())
    .catch(() => undefined);
}

const holder = globalThis as typeof globalThis & { __serviceShutdownInstalled?: boolean };

/**
 * SIGTERM/SIGINT in a web process (`next start`). Next.js's own handler, registered before
 * this one, stops listening, waits for in-flight requests and then calls process.exit. We add
 * what it cannot know: open SSE streams end at once with a `retry:` line (else they would keep
 * it waiting forever), the in-process engine drains, and process.exit is held until the engine
 * has finished or released its jobs. Everything is bounded by SHUTDOWN_GRACE_SECONDS.
 */
export function installWebShutdown(): void {
  if (holder.__serviceShutdownInstalled) return;
  holder.__serviceShutdownInstalled = true;
  // Without Next's handler (NEXT_MANUAL_SIG_HANDLE) nobody else exits: this handler does.
  const nextExits = process.listenerCount("SIGTERM") > 0;
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    const deadline = Date.now() + env.SHUTDOWN_GRACE_SECONDS * 1000;
    const exit = process.exit.bind(process);
    const engine = env.ENGINE_IN_PROCESS ? drainEngine(deadline) : Promise.resolve();
    let exiting = false;
    const finish = (code: number) => {
      if (exiting) return;
      exiting = true;
      // Not awaited: it runs in place of process.exit, which callers do not await; it exits itself.
      detach(
        engine
          .then(releaseEngine, releaseEngine)
          .then(closeDatabase)
          .finally(() => exit(code)),
        "shutdown: releasing the engine and closing the database",
      );
    };
    // Held, not replaced for good: the first exit (Next's, after its requests drained) finishes.
    process.exit = ((code?: number | string | null) => finish(Number(code ?? 0))) as typeof process.exit;
    const streams = startDraining();
    log.info("shutting down: streams told to reconnect, requests and jobs draining", {
      signal,
      streams,
      graceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    });
    // A request that never ends must not keep the process past its grace period.
    setTimeout(
      () => finish(signal === "SIGINT" ? 130 : 143),
      Math.max(0, deadline - Date.now()) + RELEASE_TIMEOUT_MS,
    ).unref();
    // Not awaited: a signal handler returns at once; finish() exits once the engine has drained.
    if (!nextExits)
      detach(
        engine.finally(() => finish(0)),
        "shutdown: draining the engine",
      );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

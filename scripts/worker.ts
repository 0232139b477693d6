// `npm run worker`: an engine-only process (no web server) for scaling out. It runs the same
// start-up and queue code as the web process, so jobs behave the same wherever they run.
import { ready } from "@/server/db/client";
import { startQueue } from "@/server/jobs/queue";
import { startScheduler } from "@/server/engine/scheduler";
import { drainEngine, releaseEngine } from "@/server/lifecycle/shutdown";
import { registerWorkers } from "@/server/engine/workers";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { startWorkerHttp, type TWorkerHttp } from "@/server/observability/worker-http";
import { checkReadiness } from "@/server/services/health/check-readiness";

let stopping = false;

/** The worker's own metrics and probes, when WORKER_METRICS_PORT is set (docs/deployment.md). */
async function startOperationsEndpoint(): Promise<TWorkerHttp | null> {
  if (!env.WORKER_METRICS_PORT) return null;
  const http = await startWorkerHttp({
    port: env.WORKER_METRICS_PORT,
    host: env.WORKER_METRICS_HOST,
    readiness: async () => {
      // A draining worker takes no new jobs: not ready, so an orchestrator stops counting on it.
      if (stopping) return { ready: false, body: { status: "not_ready", draining: true } };
      const readiness = await checkReadiness();
      return { ready: readiness.status === "ready", body: readiness };
    },
  });
  log.info("worker operations endpoint listening", { host: env.WORKER_METRICS_HOST, port: http.port });
  return http;
}

async function main() {
  if (!env.DATABASE_URL) {
    throw new Error(
      "npm run worker needs DATABASE_URL: the embedded database belongs to the one web process, which runs the engine itself.",
    );
  }
  const database = await ready(); // migrates first, like the web process
  const boss = await startQueue(database);
  if (!boss) throw new Error("The job queue did not start; see the log above.");
  await registerWorkers(boss);
  startScheduler();
  const operations = await startOperationsEndpoint();
  log.info("worker ready", { database: database.kind });
  // Plain line for supervisors (and Playwright's webServer) waiting for readiness, whatever LOG_LEVEL says.
  process.stdout.write("worker ready\n");
  // SIGTERM: stop fetching, let running jobs finish within the grace period, release the rest
  // to the other workers (pg-boss fails them back to the queue), then exit. See docs/scale-out.md.
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info("worker stopping", { signal, graceSeconds: env.SHUTDOWN_GRACE_SECONDS });
    process.stdout.write("worker draining\n");
    await drainEngine(Date.now() + env.SHUTDOWN_GRACE_SECONDS * 1000);
    await releaseEngine();
    await operations?.close();
    await database.close();
    process.stdout.write("worker stopped\n");
    process.exit(0);
  };
  // A signal handler cannot await; a failed shutdown ends the worker as a failed start does.
  const onSignal = (signal: NodeJS.Signals) => void shutdown(signal).catch(exitFailed);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

function exitFailed(error: unknown): never {
  process.stderr.write(`worker: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

main().catch(exitFailed);

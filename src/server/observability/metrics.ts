import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { renderModelMetrics } from "./model-metrics";
import { readQueueDepths } from "@/server/jobs/queue-depth";

/**
 * The process's Prometheus metrics (served at GET /api/metrics, docs/deployment.md). Every
 * process (web or worker) keeps its own registry; Prometheus scrapes each process and sums.
 * Labels are bounded sets (route templates, methods, status codes, queue names, outcomes),
 * never ids or URLs, so the series count stays small.
 */
type TMetrics = {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method" | "status">;
  jobDuration: Histogram<"queue" | "outcome">;
  jobWait: Histogram<"queue">;
  openStreams: Gauge;
  webhookDeliveries: Counter<"outcome">;
};

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Jobs are turns and flow runs: seconds to minutes (approval waits are not attempts).
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

function createMetrics(): TMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "aas_" });
  const queueJobs = new Gauge({
    name: "aas_queue_jobs",
    help: "Jobs in the durable queue by queue and state (queued = waiting, deferred included; active = being worked), read at scrape time.",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const depth of await readQueueDepths()) this.set({ queue: depth.queue, state: depth.state }, depth.count);
    },
  });
  void queueJobs;
  return {
    registry,
    httpRequests: new Counter({
      name: "aas_http_requests_total",
      help: "HTTP requests answered, by route template, method and status.",
      labelNames: ["route", "method", "status"] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "aas_http_request_duration_seconds",
      help: "HTTP request latency in seconds, by route template, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: "aas_job_duration_seconds",
      help: "How long one job attempt ran, by queue and outcome (completed or failed).",
      labelNames: ["queue", "outcome"] as const,
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    jobWait: new Histogram({
      name: "aas_job_wait_seconds",
      help: "From when a job was due (its creation, or the time a retry or delivery was scheduled for) to the start of its attempt, by queue (queueing latency).",
      labelNames: ["queue"] as const,
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    openStreams: new Gauge({
      name: "aas_open_streams",
      help: "Session event streams (SSE) this process holds open.",
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: "aas_webhook_deliveries_total",
      help: "Webhook delivery attempts by outcome (delivered, http_error, refused, network_error).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
  };
}

// One registry per process, shared by every bundle Next.js builds (see db/client.ts).
const holder = globalThis as typeof globalThis & { __serviceMetrics?: TMetrics };

function metrics(): TMetrics {
  return (holder.__serviceMetrics ??= createMetrics());
}

/** One answered HTTP request. `route` is the route template (never a concrete path with ids). */
export function observeHttpRequest(request: { route: string; method: string; status: number; seconds: number }): void {
  const labels = { route: request.route, method: request.method.toUpperCase(), status: String(request.status) };
  metrics().httpRequests.inc(labels);
  metrics().httpDuration.observe(labels, request.seconds);
}

/**
 * One job attempt that ended; `dueOn` (pg-boss's `startAfter`: the creation, or the time a retry
 * or a webhook attempt was scheduled for) gives the queueing latency, so a deliberate delay is
 * never counted as waiting.
 */
export function observeJob(queue: string, attempt: { startedAt: number; dueOn?: Date; ok: boolean }): void {
  metrics().jobDuration.observe(
    { queue, outcome: attempt.ok ? "completed" : "failed" },
    (Date.now() - attempt.startedAt) / 1000,
  );
  if (attempt.dueOn)
    metrics().jobWait.observe({ queue }, Math.max(0, (attempt.startedAt - attempt.dueOn.getTime()) / 1000));
}

/** Runs one job attempt and observes it, whatever its outcome (the error is rethrown). */
export async function timedJob<T>(queue: string, dueOn: Date | undefined, run: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  try {
    const result = await run();
    observeJob(queue, { startedAt, dueOn, ok: true });
    return result;
  } catch (error) {
    observeJob(queue, { startedAt, dueOn, ok: false });
    throw error;
  }
}

/** Counts a stream opened (+1) or closed (-1); the stream counts each once. */
export function countOpenStream(change: 1 | -1): void {
  metrics().openStreams.inc(change);
}

export type TWebhookOutcome = "delivered" | "http_error" | "refused" | "network_error";

export function countWebhookDelivery(outcome: TWebhookOutcome): void {
  metrics().webhookDeliveries.inc({ outcome });
}

/** The exposition text and its content type, for the scrape route. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: (await registry.metrics()) + (await renderModelMetrics()), contentType: registry.contentType };
}

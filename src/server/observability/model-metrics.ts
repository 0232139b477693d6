import { Counter, Histogram, Registry } from "prom-client";

/**
 * Model call metrics (rendered with the rest at /api/metrics, see metrics.ts): every call by
 * provider, model and outcome ("ok" or its ModelError code), its latency, and the tokens it
 * used. Built-in models count under provider "builtin". Labels are bounded: the providers, the
 * model names agents are set up with, and the error codes. The models layer hands its calls
 * over through its port: `setModelCallObserver(observeModelCall)` (models/call-observer.ts),
 * set once per process by a layer that may import both (the engine).
 */
type TModelMetrics = {
  registry: Registry;
  calls: Counter<"provider" | "model" | "outcome">;
  duration: Histogram<"provider" | "model">;
  inputTokens: Counter<"provider" | "model">;
  outputTokens: Counter<"provider" | "model">;
};

// Model calls take seconds: the first byte of a large model, then its stream.
const CALL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];

function createModelMetrics(): TModelMetrics {
  const registry = new Registry();
  return {
    registry,
    calls: new Counter({
      name: "aas_model_calls_total",
      help: "Model calls by provider, model and outcome (ok, or the ModelError code).",
      labelNames: ["provider", "model", "outcome"] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: "aas_model_call_duration_seconds",
      help: "Model call latency in seconds (start to the end of the stream, or the failure), by provider and model.",
      labelNames: ["provider", "model"] as const,
      buckets: CALL_BUCKETS,
      registers: [registry],
    }),
    inputTokens: new Counter({
      name: "aas_model_input_tokens_total",
      help: "Input tokens the providers reported (estimated for built-ins), by provider and model.",
      labelNames: ["provider", "model"] as const,
      registers: [registry],
    }),
    outputTokens: new Counter({
      name: "aas_model_output_tokens_total",
      help: "Output tokens the providers reported (estimated for built-ins), by provider and model.",
      labelNames: ["provider", "model"] as const,
      registers: [registry],
    }),
  };
}

// One registry per process, shared by every bundle Next.js builds (as metrics.ts).
const holder = globalThis as typeof globalThis & { __serviceModelMetrics?: TModelMetrics };

function modelMetrics(): TModelMetrics {
  return (holder.__serviceModelMetrics ??= createModelMetrics());
}

/** One finished model call (the shape of models/call-observer.ts's observation). */
export type TModelCallObservation = {
  provider: string;
  model: string;
  /** "ok" or the ModelError code. */
  outcome: string;
  seconds: number;
  inputTokens?: number;
  outputTokens?: number;
};

export function observeModelCall(call: TModelCallObservation): void {
  const metrics = modelMetrics();
  const labels = { provider: call.provider, model: call.model };
  metrics.calls.inc({ ...labels, outcome: call.outcome });
  metrics.duration.observe(labels, call.seconds);
  if (call.inputTokens) metrics.inputTokens.inc(labels, call.inputTokens);
  if (call.outputTokens) metrics.outputTokens.inc(labels, call.outputTokens);
}

/** The model metrics' exposition text (appended to the process's registry by renderMetrics). */
export async function renderModelMetrics(): Promise<string> {
  return modelMetrics().registry.metrics();
}

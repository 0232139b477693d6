/**
 * The port through which model calls are counted: every call (providers and built-ins) is
 * handed to the observer, if one is set. The models layer may not import observability
 * (eslint/layers.mjs), so a layer that may import both sets it once per process:
 * `setModelCallObserver(observeModelCall)` (observability/model-metrics.ts).
 */
export type TModelCallObservation = {
  provider: string;
  model: string;
  /** "ok" or the ModelError code. */
  outcome: string;
  seconds: number;
  inputTokens?: number;
  outputTokens?: number;
};

export type TModelCallObserver = (call: TModelCallObservation) => void;

// One per process, shared by every bundle Next.js builds (as the metrics registry).
const holder = globalThis as typeof globalThis & { __modelCallObserver?: TModelCallObserver };

export function setModelCallObserver(observer: TModelCallObserver | undefined): void {
  holder.__modelCallObserver = observer;
}

/** Hands one finished call to the observer; an observer's failure never fails the call. */
export function notifyModelCall(call: TModelCallObservation): void {
  try {
    holder.__modelCallObserver?.(call);
  } catch {
    // Metrics are best effort.
  }
}

import type { ApiError } from "./errors.js";

/** How a call may be retried: most calls by the full policy; approval decisions without a key only when refused unprocessed. */
export type RetryMode = "default" | "rate-limit-only";

export type RetryPolicy = {
  /** Retries after the first attempt (default 2). 0 disables retrying. */
  maxRetries: number;
  /** First backoff step in ms (default 500); doubles per retry, with jitter. */
  baseDelayMs: number;
  /** Longest backoff between attempts in ms when the service names no wait (default 30 s). */
  maxDelayMs: number;
  /**
   * Longest `Retry-After` the SDK waits out (default 60 s). A longer one is not cut short (a
   * retry sooner than asked only earns another 429): the error is raised at once, a
   * RateLimitError carrying the wait.
   */
  maxRetryAfterMs: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
};

/**
 * Codes that must never be retried even though their status would be: the key was used for
 * another request, the first attempt's outcome is unknown (a retry cannot settle it), or the
 * state conflicts (a retry would conflict again, or decide something twice).
 */
const NEVER_RETRIED = new Set(["IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_OUTCOME_UNKNOWN", "CONFLICT"]);

/**
 * Whether a failed attempt is worth repeating: connection errors, 429, 5xx, and a 409 only
 * when it is IDEMPOTENCY_IN_PROGRESS (the first request with this key is still running; the
 * retry then gets its recorded outcome). `rate-limit-only` calls (approval decisions without an
 * idempotency key) are repeated only after a 429, which the service answers before doing anything.
 */
export function shouldRetry(failure: ApiError | "connection", mode: RetryMode): boolean {
  if (failure === "connection") return mode === "default";
  if (NEVER_RETRIED.has(failure.code)) return false;
  if (failure.status === 429) return true;
  if (mode === "rate-limit-only") return false;
  if (failure.status === 409) return failure.code === "IDEMPOTENCY_IN_PROGRESS";
  return failure.status >= 500;
}

/** `Retry-After` as milliseconds from `now`: delta seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0-based): the server's Retry-After when it gave one (null
 * when that is longer than maxRetryAfterMs: do not retry), else exponential backoff with jitter
 * (between half and the full step, so clients that failed together do not come back together),
 * never longer than maxDelayMs.
 */
export function retryDelayMs(
  retry: number,
  policy: RetryPolicy,
  retryAfter: number | null,
  random: () => number = Math.random,
): number | null {
  if (retryAfter !== null) return retryAfter <= policy.maxRetryAfterMs ? retryAfter : null;
  const step = Math.min(policy.baseDelayMs * 2 ** retry, policy.maxDelayMs);
  return Math.round(step / 2 + (random() * step) / 2);
}

/** Resolves after `ms`, or rejects at once with the signal's reason when it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

import { env } from "@/server/env";

/** The longest wait a receiver's Retry-After can ask for; beyond it the schedule's own wait applies. */
const RETRY_AFTER_CAP_SECONDS = 24 * 3600;
/** Svix-like jitter: each scheduled wait is stretched or shrunk by up to this fraction. */
const JITTER = 0.2;

/** Seconds before each attempt, the first being the initial one (WEBHOOK_RETRY_SCHEDULE). */
export function retrySchedule(): number[] {
  return env.WEBHOOK_RETRY_SCHEDULE.split(",").map((entry) => Number(entry.trim()));
}

/** How many automatic attempts a delivery gets before it is FAILED. */
export function attemptLimit(): number {
  return retrySchedule().length;
}

/**
 * Milliseconds to wait after the `attemptsMade`-th automatic attempt failed, or null when that
 * was the last one. A receiver's Retry-After lengthens the wait, never shortens it.
 */
export function nextAttemptDelayMs(
  attemptsMade: number,
  retryAfterSeconds: number | null,
  random: () => number = Math.random,
): number | null {
  const schedule = retrySchedule();
  if (attemptsMade >= schedule.length) return null;
  const base = schedule[attemptsMade]! * 1000;
  const jittered = base * (1 + JITTER * (2 * random() - 1));
  const asked = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds, RETRY_AFTER_CAP_SECONDS) * 1000;
  return Math.round(Math.max(jittered, asked));
}

/** A Retry-After header in seconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: Date = new Date()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\s*\d+\s*$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

import { AsyncLocalStorage } from "node:async_hooks";
import { checkRateLimit, type TRateLimitDecision } from "./check-rate-limit";
import type { TLimitedSurface } from "./policies";
import type { TRateLimitKeys } from "./request-keys";

/** The decisions counted for one request: before it ran, and after authentication. */
export type TRequestLimits = { decisions: TRateLimitDecision[] };

const storage = new AsyncLocalStorage<TRequestLimits>();

/** Runs fn with a place to count into once the caller is known (countAfterAuthentication). */
export function runWithRequestLimits<T>(limits: TRequestLimits, fn: () => Promise<T>): Promise<T> {
  return storage.run(limits, fn);
}

/**
 * Counts keys only known after authentication (the caller's organization, the signed-in person)
 * into the current request, and throws 429 RATE_LIMITED when one is over its quota. Outside a
 * request served by the route wrapper (tests calling procedures directly) nothing is counted.
 */
export async function countAfterAuthentication(surface: TLimitedSurface, keys: TRateLimitKeys): Promise<void> {
  const limits = storage.getStore();
  if (!limits) return;
  const decision = await checkRateLimit(surface, keys);
  limits.decisions.push(decision);
  if (decision.error) throw decision.error;
}

const LISTS = ["RateLimit-Policy", "RateLimit"];

/**
 * The RateLimit headers of a finished request: every decision's policies in one list each (in
 * counting order), and the longest Retry-After of a refusal.
 */
export async function finishRequestLimits(limits: TRequestLimits, status: number): Promise<Record<string, string>> {
  const merged: Record<string, string> = {};
  for (const decision of limits.decisions) {
    for (const [name, value] of Object.entries(await decision.finish(status))) {
      if (LISTS.includes(name) && merged[name]) merged[name] = `${merged[name]}, ${value}`;
      else if (name === "Retry-After" && merged[name]) merged[name] = String(Math.max(Number(merged[name]), Number(value)));
      else merged[name] = value;
    }
  }
  return merged;
}

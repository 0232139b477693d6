import { AsyncLocalStorage } from "node:async_hooks";
import { checkRateLimit, type TRateLimitDecision } from "./check-rate-limit";
import type { TLimitedSurface } from "./policies";
import type { TRateLimitKeys } from "./request-keys";

/** The decisions counted for one request: before it ran, and after authentication. */
export type TRequestLimits = {
  decisions: TRateLimitDecision[];
  /** What was counted before the request ran. */
  before?: { surface: TLimitedSurface; keys: TRateLimitKeys };
};

// The organization each recently seen credential acted for, per surface, so the next request
// with it counts both policies before it runs, together (one statement on PostgreSQL), instead
// of the organization's after authentication. A key or token belongs to one organization for
// its whole life, so what is remembered cannot go stale; a revoked one is a 401, whose
// organization point goes back (check-rate-limit.ts). Bounded: the oldest is forgotten first.
const KNOWN_CREDENTIALS = 10_000;
// On globalThis: Next.js bundles share it, not module state.
const holder = globalThis as typeof globalThis & { __serviceCredentialOrganizations?: Map<string, string> };
const organizationOf = (holder.__serviceCredentialOrganizations ??= new Map<string, string>());

function remember(entry: string, organization: string): void {
  if (organizationOf.get(entry) === organization) return;
  if (organizationOf.size >= KNOWN_CREDENTIALS) organizationOf.delete(organizationOf.keys().next().value!);
  organizationOf.set(entry, organization);
}

/** The keys to count before a request runs: with its credential's organization once known. */
export function withKnownOrganization(surface: TLimitedSurface, keys: TRateLimitKeys): TRateLimitKeys {
  if (!keys.credential || keys.organization) return keys;
  const organization = organizationOf.get(`${surface}:${keys.credential}`);
  return organization ? { ...keys, organization } : keys;
}

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
  const { before } = limits;
  if (keys.organization && before?.surface === surface && before.keys.credential) {
    remember(`${surface}:${before.keys.credential}`, keys.organization);
    // Counted with the credential before the request ran (an organization is always counted alone).
    if (before.keys.organization === keys.organization) return;
  }
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
      else if (name === "Retry-After" && merged[name])
        merged[name] = String(Math.max(Number(merged[name]), Number(value)));
      else merged[name] = value;
    }
  }
  return merged;
}

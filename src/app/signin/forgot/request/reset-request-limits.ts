import { RateLimiterRes } from "rate-limiter-flexible";
import { ready } from "@/server/db/client";
import { log } from "@/server/log";
import { limiterFor } from "@/server/ratelimit/limiters";
import { accountKey, clientAddress } from "@/server/ratelimit/sign-in-limits";

/**
 * "Forgot password?" requests per email address and per client address, on the sign-in limits'
 * machinery (its surface and store) with counters of their own: asking for links never uses up
 * anyone's sign-in attempts, and failed sign-ins never block a reset. Every request counts, known
 * address or not, so a refusal says nothing about which accounts exist.
 */
type TLimits = { perAddress: number; perIp: number; windowSeconds: number };

const DEFAULTS: TLimits = { perAddress: 3, perIp: 20, windowSeconds: 3600 };
let overrides: Partial<TLimits> | null = null;

/** Replaces the limits until called again with null (tests). */
export function overrideResetRequestLimits(values: Partial<TLimits> | null): void {
  overrides = values;
}

/** Takes one request from both limits; the longest wait among refusals, or null when allowed. */
export async function takeResetRequest(email: string, forwardedFor: string | null): Promise<number | null> {
  const limits = { ...DEFAULTS, ...overrides };
  const database = await ready();
  const counted = [
    { name: "credential" as const, quota: limits.perAddress, key: `reset:${accountKey(email)}` },
    { name: "ip" as const, quota: limits.perIp, key: `reset:${clientAddress(forwardedFor)}` },
  ].filter((limit) => limit.quota > 0);
  let waitMs = -1;
  for (const { name, quota, key } of counted) {
    const limiter = limiterFor(database, "sign-in", { name, quota, windowSeconds: limits.windowSeconds });
    try {
      await limiter.consume(key);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) waitMs = Math.max(waitMs, outcome.msBeforeNext);
      // The store and its insurance both failed: a limit must not lock everybody out.
      else log.error("Reset request limits: counting failed; the request is let through.", { error: outcome });
    }
  }
  return waitMs < 0 ? null : Math.max(1, Math.ceil(waitMs / 1000));
}

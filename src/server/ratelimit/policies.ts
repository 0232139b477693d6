import { env } from "@/server/env";

/**
 * The named limits of the service (the IETF RateLimit headers call them policies). Each counts
 * requests per key in a fixed window; `quota` 0 switches a policy off.
 */
export type TPolicyName = "credential" | "organization" | "ip";

export type TPolicy = { name: TPolicyName; quota: number; windowSeconds: number };

/** The surfaces that are limited today; issue 14 adds "v1" and the console. */
export type TLimitedSurface = "partner-v1";

const WINDOW_SECONDS = 60;

type TOverrides = Partial<Record<TPolicyName, number>> & { windowSeconds?: number };

// Tests run with small limits (and short windows) without touching the environment, which
// env.ts reads once at start.
let overrides: TOverrides | null = null;

/**
 * Replaces configured values until called again with null. For tests; limiter instances are
 * rebuilt with the new values on the next request.
 */
export function overrideRateLimits(values: TOverrides | null): void {
  overrides = values;
}

/** The policies of one surface, in the order they are checked, with the values in force now. */
export function policiesOf(_surface: TLimitedSurface): Record<TPolicyName, TPolicy> {
  const windowSeconds = overrides?.windowSeconds ?? WINDOW_SECONDS;
  const quota = (name: TPolicyName, configured: number) => ({ name, quota: overrides?.[name] ?? configured, windowSeconds });
  return {
    credential: quota("credential", env.RATE_LIMIT_PARTNER_PER_CREDENTIAL),
    organization: quota("organization", env.RATE_LIMIT_PARTNER_PER_ORG),
    ip: quota("ip", env.RATE_LIMIT_PER_IP),
  };
}

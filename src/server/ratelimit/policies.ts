import { env } from "@/server/env";

/**
 * The named limits of the service (the IETF RateLimit headers call them policies). Each counts
 * requests per key in a fixed window; `quota` 0 switches a policy off.
 */
export type TPolicyName = "credential" | "organization" | "person" | "ip";

export type TPolicy = { name: TPolicyName; quota: number; windowSeconds: number };

/**
 * The surfaces that are limited, each with its own counters: the two machine APIs, MCP, event
 * ingress, the cookie token route (per signed-in person) and the browser routes of the connect
 * flow (per address only), and the console's own tRPC API (per session cookie, or per address
 * without one).
 */
export type TLimitedSurface =
  "partner-v1" | "v1" | "mcp" | "ingress" | "auth-token" | "connect" | "sign-in" | "console";

const WINDOW_SECONDS = 60;

type TOverrides = Partial<Record<TPolicyName, number>> & { windowSeconds?: number };

// Tests run with small limits (and short windows) without touching the environment, which
// env.ts reads once at start.
let overrides: TOverrides | null = null;

/**
 * Replaces configured values (of every surface) until called again with null. For tests;
 * limiter instances are rebuilt with the new values on the next request.
 */
export function overrideRateLimits(values: TOverrides | null): void {
  overrides = values;
}

type TQuotas = Record<TPolicyName, number>;

/** The configured quota of each policy per surface; 0 where a surface has no such key. */
function configured(surface: TLimitedSurface): TQuotas {
  switch (surface) {
    case "partner-v1":
      return {
        credential: env.RATE_LIMIT_PARTNER_PER_CREDENTIAL,
        organization: env.RATE_LIMIT_PARTNER_PER_ORG,
        person: 0,
        ip: env.RATE_LIMIT_PER_IP,
      };
    case "v1":
      return {
        credential: env.RATE_LIMIT_V1_PER_CREDENTIAL,
        organization: env.RATE_LIMIT_V1_PER_ORG,
        person: 0,
        ip: env.RATE_LIMIT_V1_PER_IP,
      };
    case "mcp":
      return {
        credential: env.RATE_LIMIT_MCP_PER_CREDENTIAL,
        organization: env.RATE_LIMIT_V1_PER_ORG,
        person: 0,
        ip: env.RATE_LIMIT_PER_IP,
      };
    case "ingress":
      return {
        credential: env.RATE_LIMIT_INGRESS_PER_TOKEN,
        organization: 0,
        person: 0,
        ip: env.RATE_LIMIT_INGRESS_PER_IP,
      };
    case "auth-token":
      return { credential: 0, organization: 0, person: env.RATE_LIMIT_AUTH_TOKEN_PER_PERSON, ip: 0 };
    case "connect":
      return { credential: 0, organization: 0, person: 0, ip: env.RATE_LIMIT_PER_IP };
    case "console":
      // The session cookie is the console's credential: counted like a bearer token (its hash).
      return { credential: env.RATE_LIMIT_CONSOLE_PER_SESSION, organization: 0, person: 0, ip: env.RATE_LIMIT_PER_IP };
    case "sign-in":
      // Sign-in counts by email and address with its own policies (sign-in-limits.ts).
      return { credential: 0, organization: 0, person: 0, ip: 0 };
  }
}

/** The policies of one surface, with the values in force now (a policy the surface lacks has quota 0). */
export function policiesOf(surface: TLimitedSurface): Record<TPolicyName, TPolicy> {
  const windowSeconds = overrides?.windowSeconds ?? WINDOW_SECONDS;
  const quotas = configured(surface);
  // An override only changes policies the surface has: it never switches one on.
  const quota = (name: TPolicyName) => ({
    name,
    quota: quotas[name] > 0 ? (overrides?.[name] ?? quotas[name]) : 0,
    windowSeconds,
  });
  return {
    credential: quota("credential"),
    organization: quota("organization"),
    person: quota("person"),
    ip: quota("ip"),
  };
}

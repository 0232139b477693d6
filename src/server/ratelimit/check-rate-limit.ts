import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ready } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import { limiterFor } from "./limiters";
import { policiesOf, type TLimitedSurface, type TPolicy, type TPolicyName } from "./policies";
import type { TRateLimitKeys } from "./request-keys";

/** The outcome for one request: whether it may run, and the headers every answer carries. */
export type TRateLimitDecision = {
  /** Set when the request is refused: 429 RATE_LIMITED with Retry-After in its headers. */
  error?: AppError;
  /** `RateLimit-Policy` and `RateLimit` (IETF draft-ietf-httpapi-ratelimit-headers) as counted. */
  headers: Record<string, string>;
  /** Call with the status of the answer once the request has run: the headers it carries. */
  finish(status: number): Promise<Record<string, string>>;
};

type TCounted = { policy: TPolicy; remaining: number; resetSeconds: number };

// Checked in this order; the first refusal answers. A request without a credential is counted
// by address instead (request-keys.ts).
const ORDER: TPolicyName[] = ["credential", "ip", "person", "organization"];

const REFUSAL: Record<TPolicyName, string> = {
  credential: "Too many requests with this credential",
  organization: "Too many requests for this organization",
  person: "Too many requests from this signed-in person",
  ip: "Too many requests without a credential from this address",
};

// A 401 or 404 means the caller was not (or could not be shown to be) acting for the organization
// in the path. Its point goes back, so nobody can exhaust another organization's budget by naming
// it with made-up keys, and the organization's remaining count is not shown: it would tell apart
// a busy customer of another platform from an unknown id, which partner answers never do.
const NOT_THE_ORGANIZATIONS = new Set([401, 404]);

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/** One atomic statement on PostgreSQL (an upsert that counts and returns the window). */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<{ allowed: boolean; res?: RateLimiterRes }> {
  try {
    return { allowed: true, res: await limiter.consume(key) };
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) return { allowed: false, res: outcome };
    // Only reachable if the insurance limiter failed too: a limit must not take the API down.
    log.error("Rate limits: counting failed; the request is let through.", { error: outcome });
    return { allowed: true };
  }
}

// A store limiter's public method (RateLimiterStoreAbstract, which the package does not export) that its type declarations leave out.
type TInMemoryBlocks = { getInMemoryBlockMsBeforeExpire(rlKey: string): number };

/** Whether a store limiter refuses the key from memory (over quota here this window): no statement. */
function blockedInMemory(limiter: RateLimiterAbstract, key: string): boolean {
  const blocks = limiter as unknown as Partial<TInMemoryBlocks>;
  return (
    typeof blocks.getInMemoryBlockMsBeforeExpire === "function" &&
    blocks.getInMemoryBlockMsBeforeExpire(limiter.getKey(key)) > 0
  );
}

/** Returns one point to each policy's key (an uncounted request; a failure is only logged). */
async function giveBack(items: Array<{ policy: TPolicy; key: string; limiter: RateLimiterAbstract }>): Promise<void> {
  await Promise.all(
    items.map(({ policy, key, limiter }) =>
      limiter
        .reward(key)
        .catch((error: unknown) =>
          log.warn("Rate limits: could not give a point back.", { policy: policy.name, error }),
        ),
    ),
  );
}

function headersOf(policies: TPolicy[], counted: TCounted[]): Record<string, string> {
  if (!policies.length) return {};
  return {
    "RateLimit-Policy": policies
      .map((policy) => `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`)
      .join(", "),
    ...(counted.length
      ? {
          RateLimit: counted
            .map((item) => `"${item.policy.name}";r=${item.remaining};t=${item.resetSeconds}`)
            .join(", "),
        }
      : {}),
  };
}

/**
 * Counts one request of a surface against every policy that applies to its keys, before the
 * request runs. Policies whose quota is 0 are off and neither counted nor announced.
 */
export async function checkRateLimit(surface: TLimitedSurface, keys: TRateLimitKeys): Promise<TRateLimitDecision> {
  const configured = policiesOf(surface);
  const names = ORDER.filter((name) => keys[name] && configured[name].quota > 0);
  if (!names.length) return { headers: {}, finish: async () => ({}) };
  const database = await ready();
  const applicable = names.map((name) => ({
    policy: configured[name],
    key: keys[name]!,
    limiter: limiterFor(database, surface, configured[name]),
  }));
  const policies = applicable.map((item) => item.policy);
  // A policy this process already refuses (blocked in memory) ends the list: nothing after it
  // is counted, so a flood from one key costs no writes. The rest are counted together, one
  // statement on PostgreSQL (batched-store.ts).
  const blockedAt = applicable.findIndex(({ limiter, key }) => blockedInMemory(limiter, key));
  const counting = blockedAt === -1 ? applicable : applicable.slice(0, blockedAt + 1);
  const outcomes = await Promise.all(counting.map(({ limiter, key }) => consume(limiter, key)));
  const counted: TCounted[] = [];
  for (const [index, { policy }] of counting.entries()) {
    const { allowed, res } = outcomes[index]!;
    if (res) counted.push({ policy, remaining: res.remainingPoints, resetSeconds: seconds(res.msBeforeNext) });
    if (!allowed) {
      // The first refusal answers; the points of policies after it go back, as if never counted.
      // (A policy refused from memory was never counted in the store.)
      await giveBack(counting.filter((_, later) => later > index && later !== blockedAt && outcomes[later]!.res));
      const retryAfterSeconds = Math.max(1, seconds(res!.msBeforeNext));
      const message = `${REFUSAL[policy.name]}: at most ${policy.quota} every ${policy.windowSeconds} seconds. Retry after ${retryAfterSeconds} seconds.`;
      const headers = { ...headersOf(policies, counted), "Retry-After": String(retryAfterSeconds) };
      return {
        error: new AppError("RATE_LIMITED", message, { details: { retryAfterSeconds, policy: policy.name }, headers }),
        headers,
        finish: async () => headers,
      };
    }
  }
  const organization = counting.find((item) => item.policy.name === "organization");
  return {
    headers: headersOf(policies, counted),
    finish: async (status) => {
      if (!organization || !NOT_THE_ORGANIZATIONS.has(status)) return headersOf(policies, counted);
      await giveBack([organization]);
      return headersOf(
        policies,
        counted.filter((item) => item.policy.name !== "organization"),
      );
    },
  };
}

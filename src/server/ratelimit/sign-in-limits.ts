import { createHash } from "node:crypto";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ready } from "@/server/db/client";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { limiterFor } from "./limiters";
import type { TLimitedSurface, TPolicy } from "./policies";

/**
 * Sign-in limits (docs/security.md): failed attempts per email address and per client address in
 * a fixed window. Every attempt takes a point from both before the password is checked (one
 * atomic statement each, so parallel guesses cannot slip past), and a successful sign-in gives
 * them back: only failures count. An unknown email is counted exactly like a known one, so the
 * limit says nothing about which accounts exist.
 */

// The limiter machinery keys its counters by surface; sign-in is a surface of its own so its
// counters never mix with the API's.
const SIGN_IN: TLimitedSurface = "sign-in";

type TOverrides = { perAccount?: number; perIp?: number; windowSeconds?: number };

// Tests run with small limits without touching the environment, which env.ts reads once.
let overrides: TOverrides | null = null;

/** Replaces configured values until called again with null (tests). */
export function overrideSignInLimits(values: TOverrides | null): void {
  overrides = values;
}

function policies(): { account: TPolicy; ip: TPolicy } {
  const windowSeconds = overrides?.windowSeconds ?? env.RATE_LIMIT_SIGN_IN_WINDOW_SECONDS;
  return {
    // "credential": the email being tried is the credential under attack.
    account: { name: "credential", quota: overrides?.perAccount ?? env.RATE_LIMIT_SIGN_IN_PER_ACCOUNT, windowSeconds },
    ip: { name: "ip", quota: overrides?.perIp ?? env.RATE_LIMIT_SIGN_IN_PER_IP, windowSeconds },
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A store-safe key that never holds the email itself. */
export const accountKey = (email: string) => sha256(email.trim().toLowerCase());

/**
 * The client address a sign-in is counted by: the first X-Forwarded-For hop, as every limit of
 * the service reads it (request-keys.ts); a deployment's proxy must overwrite that header.
 */
export function clientAddress(forwardedFor: string | null | undefined): string {
  const first = forwardedFor?.split(",")[0]?.trim();
  if (!first) return "unknown";
  return /^[A-Za-z0-9.:_-]{1,64}$/.test(first) ? first.toLowerCase() : `sha256-${sha256(first)}`;
}

/** One attempt's standing: refused (with how long to wait), or allowed and to be settled. */
export type TSignInAttempt = { retryAfterSeconds: number | null; succeeded(): Promise<void> };

type TTaken = { limiter: RateLimiterAbstract; key: string };

/** Takes one point from every limit of the attempt; the longest wait among refusals answers. */
export async function takeSignInAttempt(
  email: string,
  forwardedFor: string | null | undefined,
): Promise<TSignInAttempt> {
  const { account, ip } = policies();
  const wanted = [
    { policy: account, key: accountKey(email) },
    { policy: ip, key: clientAddress(forwardedFor) },
  ].filter((item) => item.policy.quota > 0);
  const database = wanted.length ? await ready() : null;
  const taken: TTaken[] = [];
  let waitMs = -1;
  for (const { policy, key } of wanted) {
    const limiter = limiterFor(database!, SIGN_IN, policy);
    try {
      await limiter.consume(key);
      taken.push({ limiter, key });
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) waitMs = Math.max(waitMs, outcome.msBeforeNext);
      // The store and its insurance both failed: a limit must not lock everybody out.
      else log.error("Sign-in limits: counting failed; the attempt is let through.", { error: outcome });
    }
  }
  return {
    retryAfterSeconds: waitMs < 0 ? null : Math.max(1, Math.ceil(waitMs / 1000)),
    succeeded: async () => {
      await Promise.all(taken.map(({ limiter, key }) => limiter.reward(key))).catch((error: unknown) =>
        log.warn("Sign-in limits: could not give a successful sign-in's points back.", { error }),
      );
    },
  };
}

/** What the sign-in form shows: the same for every email, known or not. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

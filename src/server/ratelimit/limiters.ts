import {
  RateLimiterMemory,
  RateLimiterPostgres,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from "rate-limiter-flexible";
import type { TDatabase } from "@/server/db/client";
import { log } from "@/server/log";
import { batchedStoreClient } from "./batched-store";
import type { TLimitedSurface, TPolicy } from "./policies";

/** The table of prisma/schema/rate-limit.prisma; its migration creates it, never the store. */
const TABLE = "rate_limits";
const INSURANCE_WARNING_MS = 60_000;

/**
 * Decides while PostgreSQL cannot: the store hands a request here when its statement fails, so
 * the API keeps answering with per-process limits instead of failing with the database. Says so
 * in the log at most once a minute per policy.
 */
class InsuranceLimiter extends RateLimiterMemory {
  private warnedAt = 0;

  consume(key: string | number, points?: number, options?: { [key: string]: unknown }): Promise<RateLimiterRes> {
    if (Date.now() - this.warnedAt > INSURANCE_WARNING_MS) {
      this.warnedAt = Date.now();
      log.warn("Rate limits: the database store failed; limiting in this process only until it answers again.", {
        policy: this.keyPrefix,
      });
    }
    return super.consume(key, points, options);
  }
}

function build(store: TStoreClient | null, surface: TLimitedSurface, policy: TPolicy): RateLimiterAbstract {
  const limits = { keyPrefix: `${surface}:${policy.name}`, points: policy.quota, duration: policy.windowSeconds };
  // Points that can be given back (an organization's on a 401/404, a sign-in's on success) must
  // not be blocked in memory: the block would outlive the refund.
  const refundable = policy.name === "organization" || surface === "sign-in";
  // PGlite serves one process, so counting in memory is exact there and costs no statement.
  if (!store) return new RateLimiterMemory(limits);
  return new RateLimiterPostgres({
    ...limits,
    storeClient: store,
    storeType: "pool",
    tableName: TABLE,
    tableCreated: true,
    insuranceLimiter: new InsuranceLimiter(limits),
    // Once a key is over its quota, this process refuses it without a statement until the window
    // ends: a flood from one key costs no database writes.
    inMemoryBlockOnConsumed: refundable ? undefined : policy.quota,
  });
}

type TStoreClient = ReturnType<typeof batchedStoreClient>;
// One store client for all limiters of a database: a request's policies, counted together, travel as one statement.
type TLimiters = { database: TDatabase; store: TStoreClient | null; byId: Map<string, RateLimiterAbstract> };

// One set per process (Next.js bundles share globalThis, not module state), rebuilt when the
// process database is replaced (tests, scripts) or a policy's values change (test overrides).
const holder = globalThis as typeof globalThis & { __serviceRateLimiters?: TLimiters };

/** The limiter counting one policy of one surface, built once per process and database. */
export function limiterFor(database: TDatabase, surface: TLimitedSurface, policy: TPolicy): RateLimiterAbstract {
  if (holder.__serviceRateLimiters?.database !== database) {
    holder.__serviceRateLimiters = {
      database,
      store: database.pool ? batchedStoreClient(database.pool) : null,
      byId: new Map(),
    };
  }
  const { byId, store } = holder.__serviceRateLimiters;
  const keyPrefix = `${surface}:${policy.name}`;
  const id = `${keyPrefix}:${policy.quota}/${policy.windowSeconds}`;
  let limiter = byId.get(id);
  if (!limiter) {
    limiter = build(store, surface, policy);
    byId.set(id, limiter);
  }
  return limiter;
}

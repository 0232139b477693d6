import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ready, useDatabase, type TDatabase } from "@/server/db/client";
import { checkRateLimit } from "./check-rate-limit";
import { overrideRateLimits } from "./policies";

// A PostgreSQL deployment whose database stops answering keeps limiting (per process) instead
// of failing every request or letting everything through.

let real: TDatabase;
// Nothing listens on port 1: every statement of the store fails at once with ECONNREFUSED.
const unreachable = new pg.Pool({
  connectionString: "postgresql://postgres@127.0.0.1:1/none",
  connectionTimeoutMillis: 2_000,
});

beforeAll(async () => {
  real = await ready();
  useDatabase({ ...real, kind: "postgres", pool: unreachable });
});

afterEach(() => overrideRateLimits(null));

afterAll(async () => {
  useDatabase(real);
  await unreachable.end();
});

describe("rate limits without a reachable database", () => {
  it("still counts in memory and refuses over the limit", async () => {
    overrideRateLimits({ credential: 2, organization: 100 });
    const keys = { credential: randomUUID(), organization: randomUUID() };
    const first = await checkRateLimit("partner-v1", keys);
    expect(first.error).toBeUndefined();
    expect(first.headers.RateLimit).toMatch(/^"credential";r=1;t=\d+, "organization";r=99;t=\d+$/);
    expect((await checkRateLimit("partner-v1", keys)).error).toBeUndefined();
    const refused = await checkRateLimit("partner-v1", keys);
    expect(refused.error).toMatchObject({ code: "RATE_LIMITED", status: 429, details: { policy: "credential" } });
    expect(Number(refused.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect((await checkRateLimit("partner-v1", { ...keys, credential: randomUUID() })).error).toBeUndefined();
  });
});

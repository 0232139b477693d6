import { createHash, randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { partnerPlatform, partnerRequest, seedFollower, type TPartnerResponse } from "../../../test/partner-kit";
import { mintSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { overrideRateLimits } from "./policies";

// Request-volume limits of the partner API (spec 4.8, 7, 8) through the real route handler.
// Each test sets small limits; credentials and organizations are fresh per test, so counts never
// carry over (on PostgreSQL the counters live in the shared rate_limits table).

let partner: Awaited<ReturnType<typeof partnerPlatform>>;
let orgId: string;

const readOrg = (credential: string | null, id = orgId, headers?: Record<string, string>) =>
  partnerRequest("GET", `/organizations/${id}`, { credential, headers });

/** Another key of the same platform, stored as issuing one stores it (this layer sees no services). */
async function freshKey(): Promise<string> {
  const secret = mintSecret("partner_key");
  await db().partnerKey.create({
    data: {
      platformId: partner.platform.id,
      name: `Key ${randomUUID().slice(0, 6)}`,
      prefix: secret.prefix,
      secretHash: secret.secretHash,
    },
  });
  return secret.token;
}

async function times(count: number, request: () => Promise<TPartnerResponse>): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await request()).status);
  return statuses;
}

function expectRefused(response: TPartnerResponse, policy: string) {
  expect(response.status).toBe(429);
  expect(response.body).toMatchObject({ error: { code: "RATE_LIMITED", details: { policy } } });
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(response.body.error.details.retryAfterSeconds).toBe(retryAfter);
  expect(response.body.error.message).toContain(`Retry after ${retryAfter} seconds`);
}

beforeAll(async () => {
  partner = await partnerPlatform();
  orgId = (await seedFollower(partner.platform.id)).organization.id;
});

afterEach(() => overrideRateLimits(null));

describe("partner rate limits", () => {
  it("refuses a credential over its limit with 429 in the envelope and Retry-After; another credential is unaffected", async () => {
    overrideRateLimits({ credential: 3, organization: 100 });
    const key = await freshKey();
    expect(await times(3, () => readOrg(key))).toEqual([200, 200, 200]);
    const refused = await readOrg(key);
    expectRefused(refused, "credential");
    expect(refused.body.error.message).toContain("at most 3 every 60 seconds");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit")).toMatch(/^"credential";r=0;t=\d+$/);

    expect((await readOrg(await freshKey())).status).toBe(200);
  });

  it("counts every credential calling one organization's path against that organization's limit", async () => {
    overrideRateLimits({ credential: 10, organization: 3 });
    const other = await seedFollower(partner.platform.id);
    const [first, second] = [await freshKey(), await freshKey()];
    expect(await times(2, () => readOrg(first, other.organization.id))).toEqual([200, 200]);
    expect((await readOrg(second, other.organization.id)).status).toBe(200);
    expectRefused(await readOrg(second, other.organization.id), "organization");
    expectRefused(await readOrg(first, other.organization.id), "organization");
    // The same credentials still reach another organization: the refusal was the organization's.
    const third = await seedFollower(partner.platform.id);
    expect((await readOrg(second, third.organization.id)).status).toBe(200);
  });

  it("limits an invalid key like a valid one, and made-up keys do not use up the named organization's budget", async () => {
    overrideRateLimits({ credential: 2, organization: 2 });
    const other = await seedFollower(partner.platform.id);
    const madeUp = `ykp_${randomUUID().replaceAll("-", "")}`;
    expect(await times(2, () => readOrg(madeUp, other.organization.id))).toEqual([401, 401]);
    expectRefused(await readOrg(madeUp, other.organization.id), "credential");
    for (let index = 0; index < 3; index++)
      expect((await readOrg(`ykp_${randomUUID()}`, other.organization.id)).status).toBe(401);
    const key = await freshKey();
    expect(await times(2, () => readOrg(key, other.organization.id))).toEqual([200, 200]);
  });

  it("limits requests without a credential per client address (first X-Forwarded-For hop)", async () => {
    overrideRateLimits({ ip: 2 });
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const from = (ip: string) =>
      partnerRequest("GET", "/worker/approvals", { headers: { "x-forwarded-for": `${ip}, 10.0.0.1` } });
    expect(await times(2, () => from(address))).toEqual([401, 401]);
    const refused = await from(address);
    expectRefused(refused, "ip");
    expect(refused.headers.get("ratelimit-policy")).toBe('"ip";q=2;w=60');
    expect((await from(`2001:db8::${randomUUID().slice(0, 4)}`)).status).toBe(401);
  });

  it("announces the policies in force on every partner response, successes and errors alike", async () => {
    const key = await freshKey();
    const ok = await readOrg(key);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-policy")).toBe('"credential";q=600;w=60, "organization";q=1200;w=60');
    expect(ok.headers.get("ratelimit")).toMatch(/^"credential";r=599;t=(60|59), "organization";r=\d+;t=\d+$/);
    const second = await readOrg(key);
    expect(second.headers.get("ratelimit")).toMatch(/^"credential";r=598;t=\d+, /);

    // A 404 never shows an organization's remaining count: an unknown id and another platform's
    // busy customer must look the same.
    const otherPlatform = await partnerPlatform();
    const theirs = (await seedFollower(otherPlatform.platform.id)).organization.id;
    await times(3, () => readOrg(otherPlatform.key, theirs));
    const notFound = await readOrg(key, randomUUID());
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("ratelimit-policy")).toBe('"credential";q=600;w=60, "organization";q=1200;w=60');
    expect(notFound.headers.get("ratelimit")).toMatch(/^"credential";r=597;t=\d+$/);
    const hidden = await readOrg(key, theirs);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("ratelimit")).toMatch(/^"credential";r=596;t=\d+$/);
    const invalid = await partnerRequest("POST", "/organizations", {
      credential: key,
      rawBody: "{",
      headers: { "idempotency-key": "k1" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("ratelimit")).toMatch(/^"credential";r=595;t=\d+$/);
    const head = await partnerRequest("HEAD", `/organizations/${orgId}`, { credential: key });
    expect(head.headers.get("ratelimit-policy")).toContain('"credential";q=600;w=60');
  });

  it("turns a policy off with 0: no counting, no headers", async () => {
    overrideRateLimits({ credential: 0, organization: 0 });
    const key = await freshKey();
    const statuses = await times(5, () => readOrg(key));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const response = await readOrg(key);
    expect(response.headers.get("ratelimit-policy")).toBeNull();
    expect(response.headers.get("ratelimit")).toBeNull();
  });

  it("lets a refused credential in again once its window has passed", async () => {
    overrideRateLimits({ credential: 1, organization: 100, windowSeconds: 1 });
    const key = await freshKey();
    expect((await readOrg(key)).status).toBe(200);
    expectRefused(await readOrg(key), "credential");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await readOrg(key)).status).toBe(200);
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "keeps the counts in the database on PostgreSQL, keyed by the token's hash, never the token",
    async () => {
      overrideRateLimits({ credential: 50, organization: 100 });
      const key = await freshKey();
      await times(3, () => readOrg(key));
      const hash = createHash("sha256").update(key).digest("hex");
      const rows = await db().rateLimit.findMany({
        where: { key: { contains: hash } },
        select: { key: true, points: true },
      });
      expect(rows).toEqual([{ key: `partner-v1:credential:${hash}`, points: 3 }]);
      expect(await db().rateLimit.count({ where: { key: { contains: key } } })).toBe(0);
    },
  );
});

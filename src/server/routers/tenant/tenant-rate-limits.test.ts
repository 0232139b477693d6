import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";
import { overrideRateLimits } from "@/server/ratelimit/policies";

// The tenant routes are limited like the rest of the partner surface (issue 40): per credential
// and per customer, with the RateLimit headers on every answer and 429 with Retry-After past it.

let w: TTenantWorld;

beforeAll(async () => {
  w = await tenantWorld();
});

afterEach(() => overrideRateLimits(null));

describe("tenant rate limits", () => {
  it("counts a customer's tenant calls, answers RateLimit headers, then 429 RATE_LIMITED with Retry-After", async () => {
    overrideRateLimits({ credential: 100, organization: 3 });
    for (let call = 0; call < 3; call++) {
      const answer = await w.tenant("GET", "/domains");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("ratelimit-policy")).toContain('"organization";q=3');
      expect(answer.headers.get("ratelimit")).toBeTruthy();
    }
    const refused = await w.tenant("GET", "/domains");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: "RATE_LIMITED", details: { policy: "organization" } } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});

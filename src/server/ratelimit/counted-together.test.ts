import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ready } from "@/server/db/client";
import { agentsWorld, api } from "../../../test/agents-kit";
import { overrideRateLimits } from "./policies";

// A customer API request counts its credential before it runs and its organization once the
// key is known. Once a credential's organization is known, both are counted before the request
// runs, together: on PostgreSQL one statement instead of two, with the counts, headers and
// refunds of counting them apart.

afterEach(() => {
  overrideRateLimits(null);
  vi.restoreAllMocks();
});

const readIntegration = (key: string) => api("GET", "/authoring/integrations/service.http", { credential: key });
// The reset (t) counts down in whole seconds from 60: a loaded machine may cross a second between
// two requests of one test, so any t of this minute's window reads as 60.
const remaining = (answer: { headers: Headers }) =>
  answer.headers.get("ratelimit")?.replace(/;t=(\d+)/g, (whole, t: string) => (Number(t) >= 50 ? ";t=60" : whole));

/** Statements the rate limiters send to PostgreSQL while `work` runs. */
async function rateLimitStatements(work: () => Promise<unknown>): Promise<string[]> {
  const pool = (await ready()).pool!;
  const query = vi.spyOn(pool, "query");
  await work();
  const texts = query.mock.calls.map(([sent]) => (typeof sent === "string" ? sent : (sent as { text: string }).text));
  query.mockRestore();
  return texts.filter((text) => text.includes("rate_limits"));
}

describe("a credential's organization, counted with it", () => {
  it("counts and announces both policies as counting them apart did, and a 404 still gives the organization's point back", async () => {
    overrideRateLimits({ credential: 5, organization: 3 });
    const { people } = await agentsWorld();
    const key = people.viewer.key;
    expect(remaining(await readIntegration(key))).toBe('"credential";r=4;t=60, "organization";r=2;t=60');
    expect(remaining(await readIntegration(key))).toBe('"credential";r=3;t=60, "organization";r=1;t=60');
    const missing = await api("GET", `/agents/sessions/${randomUUID()}`, { credential: key });
    expect(missing.status).toBe(404);
    expect(remaining(missing)).toBe('"credential";r=2;t=60');
    expect(remaining(await readIntegration(key))).toBe('"credential";r=1;t=60, "organization";r=0;t=60');
    const refused = await readIntegration(people.editor.key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.details.policy).toBe("organization");
  });

  it("gives the organization its point back when the credential itself is refused", async () => {
    overrideRateLimits({ credential: 1, organization: 10 });
    const { people } = await agentsWorld();
    expect((await readIntegration(people.viewer.key)).status).toBe(200);
    const refused = await readIntegration(people.viewer.key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.details.policy).toBe("credential");
    // 10 - 1 (the first request) - 1 (this one): the refused request cost the organization nothing.
    expect(remaining(await readIntegration(people.editor.key))).toBe('"credential";r=0;t=60, "organization";r=8;t=60');
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "takes one statement on PostgreSQL once the organization is known, and counts concurrent requests of one key apart",
    async () => {
      overrideRateLimits({ credential: 50, organization: 50 });
      const { people } = await agentsWorld();
      const key = people.viewer.key;
      expect(await rateLimitStatements(() => readIntegration(key))).toHaveLength(2);
      const together = await rateLimitStatements(() => readIntegration(key));
      expect(together).toHaveLength(1);
      expect(together[0]).toMatch(/^WITH u0 AS \(INSERT INTO "rate_limits"/);
      // Two upserts of one key never share a statement: every request is counted once.
      const answers = await Promise.all(Array.from({ length: 4 }, () => readIntegration(key)));
      const credentialLeft = answers
        .map((answer) => Number(/"credential";r=(\d+)/.exec(remaining(answer)!)![1]))
        .sort((a, b) => a - b);
      expect(credentialLeft).toEqual([44, 45, 46, 47]);
      expect(remaining(await readIntegration(key))).toBe('"credential";r=43;t=60, "organization";r=43;t=60');
    },
  );
});

import { expect, test } from "@playwright/test";
import { acme } from "../support/api";
import { bearer } from "../support/world";

// Issue 14 over the wire: every surface answers with X-Request-Id and the RateLimit headers, and
// a 404 of the customer API is the same bytes whatever was wrong.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe("one door for every surface", () => {
  test("a sane X-Request-Id is echoed and anything else replaced, on successes and errors of each surface", async ({
    request,
  }) => {
    const key = acme().users.owner.apiKey;
    const answers = [
      await request.get("/api/v1/auth/whoami", { headers: { ...bearer(key), "x-request-id": "e2e-trace.1" } }),
      await request.get(`/api/v1/agents/sessions/${crypto.randomUUID()}`, {
        headers: { "x-request-id": "e2e-trace.1" },
      }),
      await request.get(`/api/v1/agents/sessions/${crypto.randomUUID()}/stream`, {
        headers: { ...bearer(key), "x-request-id": "e2e-trace.1" },
      }),
      await request.get("/api/v1/triggers/ingress/nothing-here", { headers: { "x-request-id": "e2e-trace.1" } }),
      await request.get("/api/v1/mcp", { headers: { ...bearer(key), "x-request-id": "e2e-trace.1" } }),
      // The console's own API, without its cookie: tRPC's 401, behind the same door.
      await request.get(`/api/trpc/tenancy.getMe?batch=1&input=${encodeURIComponent("{}")}`, {
        headers: { "x-request-id": "e2e-trace.1" },
      }),
    ];
    expect(answers.map((answer) => answer.status())).toEqual([200, 404, 404, 405, 405, 401]);
    for (const answer of answers) {
      expect(answer.headers()["x-request-id"]).toBe("e2e-trace.1");
      expect(answer.headers()["ratelimit-policy"]).toMatch(/"(credential|ip)";q=\d+;w=60/);
    }
    const replaced = await request.get("/api/v1/auth/whoami", {
      headers: { ...bearer(key), "x-request-id": "bad id with spaces" },
    });
    expect(replaced.headers()["x-request-id"]).toMatch(UUID);
    expect(replaced.headers()["ratelimit"]).toMatch(/^"credential";r=\d+;t=\d+, "organization";r=\d+;t=\d+$/);
  });

  test("the customer API's 404 is byte-identical for no key, a bad key and an unknown id", async ({ request }) => {
    const path = `/api/v1/agents/sessions/${crypto.randomUUID()}`;
    const answers = [
      await request.get(path),
      await request.get(path, { headers: bearer("yk_notarealkey0000") }),
      await request.get(path, { headers: bearer(acme().users.owner.apiKey) }),
    ];
    const seen = await Promise.all(
      answers.map(async (answer) => ({
        status: answer.status(),
        type: answer.headers()["content-type"],
        body: await answer.text(),
      })),
    );
    expect(seen[0]!.status).toBe(404);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
  });
});

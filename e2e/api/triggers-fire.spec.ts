import { expect, test, type APIRequestContext } from "@playwright/test";
import { acme, expectError, expectStatus, globex } from "../support/api";
import { receivedRequests, uniqueMarker, type TReceivedRequest } from "../support/receiver";
import { bearer, world, type TWorldUser } from "../support/world";

// POST /api/v1/triggers/fire (spec 4.5) against the running app. The fixture API trigger fans
// out to httpRead (caller_preferred), callerRequired (caller_required) and flows.echo (service
// binding, POSTs its input verbatim to the receiver): fan-out, narrowing and refusals are
// observed at the run's real HTTP receiver.

const HTTP = "service.http";
type TFired = { sessions: Array<{ automationId: string; sessionId: string }> };

const fire = (request: APIRequestContext, body: unknown, options: { user?: TWorldUser; key?: string } = {}) =>
  request.post("/api/v1/triggers/fire", {
    headers: {
      ...bearer((options.user ?? acme().users.operator).apiKey),
      ...(options.key ? { "Idempotency-Key": options.key } : {}),
    },
    data: body,
  });

/** Waits until the receiver has seen `count` requests carrying the marker. */
async function arrived(marker: string, count: number): Promise<TReceivedRequest[]> {
  let seen: TReceivedRequest[] = [];
  await expect
    .poll(async () => (seen = await receivedRequests(marker)).length, { timeout: 30_000, intervals: [200, 300, 500] })
    .toBeGreaterThanOrEqual(count);
  return seen;
}

const byPath = (requests: TReceivedRequest[]) => Object.fromEntries(requests.map((entry) => [entry.path, entry]));
const sortedIds = (fired: TFired) => fired.sessions.map((session) => session.automationId).sort();

test.describe("POST /api/v1/triggers/fire", () => {
  test("fans out with caller material narrowed per subscriber; the flow gets its input verbatim", async ({
    request,
  }) => {
    const marker = uniqueMarker("fire");
    const token = `caller-${marker}-${"t".repeat(20)}`;
    const body = {
      triggerId: acme().triggers.api.id,
      input: { prompt: marker },
      callerCredentials: { integrations: { [HTTP]: { token }, "unused.integration": { token: "nope" } } },
    };
    const fired = (await expectStatus(await fire(request, body), 202)) as TFired;
    const { agents, flows } = acme();
    expect(sortedIds(fired)).toEqual([agents.httpRead.id, agents.callerRequired.id, flows.echo.id].sort());
    expect(Object.keys(fired)).toEqual(["sessions"]);

    const seen = byPath(await arrived(marker, 3));
    expect(seen["/read"]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(seen["/caller"]?.headers.authorization).toBe(`Bearer ${token}`);
    // The flow binds service.http at service identity: no share of the caller's material.
    expect(seen["/flow"]?.headers.authorization).toBe(`Bearer ${acme().connections.http.token}`);
    expect(JSON.parse(seen["/flow"]!.body)).toEqual({ prompt: marker });
    expect(JSON.stringify(Object.values(seen))).not.toContain("nope");
  });

  test("refuses the caller-required subscriber without material and starts the others", async ({ request }) => {
    const marker = uniqueMarker("partial");
    const fired = (await expectStatus(
      await fire(request, { triggerId: acme().triggers.api.id, input: { prompt: marker } }),
      202,
    )) as TFired;
    expect(sortedIds(fired)).toEqual([acme().agents.httpRead.id, acme().flows.echo.id].sort());
    const seen = await arrived(marker, 2);
    expect(seen.map((entry) => entry.path).sort()).toEqual(["/flow", "/read"]);
    expect(byPath(seen)["/read"]?.headers.authorization).toBe(`Bearer ${acme().connections.http.token}`);
  });

  test("strips unknown body fields, keeps callerCredentials strict and defaults input to {}", async ({ request }) => {
    const fired = (await expectStatus(
      await fire(request, { triggerId: acme().triggers.api.id, unrelated: { a: 1 } }),
      202,
    )) as TFired;
    expect(fired.sessions).toHaveLength(2);
    await expectError(
      await fire(request, { triggerId: acme().triggers.api.id, callerCredentials: { integrations: {}, extra: 1 } }),
      400,
      "VALIDATION",
    );
    await expectError(
      await fire(request, { triggerId: acme().triggers.api.id, callerCredentialExpiresAt: "2001-01-01T00:00:00Z" }),
      400,
      "VALIDATION",
    );
  });

  test("is the uniform 404 for another organization, a domain the owner is not in, unknown ids and bad keys", async ({
    request,
  }) => {
    await expectError(await fire(request, { triggerId: globex().triggers.api.id }), 404, "NOT_FOUND");
    await expectError(await fire(request, { triggerId: acme().triggers.apiSales.id }), 404, "NOT_FOUND");
    await expectError(await fire(request, { triggerId: crypto.randomUUID() }), 404, "NOT_FOUND");
    const badKey = await request.post("/api/v1/triggers/fire", {
      headers: bearer("yk_not_a_key"),
      data: { triggerId: acme().triggers.api.id },
    });
    await expectError(badKey, 404, "NOT_FOUND");
    await expectError(
      await fire(request, { triggerId: acme().triggers.api.id }, { user: acme().users.viewer }),
      403,
      "FORBIDDEN",
    );
    await expectError(await fire(request, { triggerId: acme().triggers.apiInactive.id }), 409, "CONFLICT");
    await expectError(await fire(request, { triggerId: acme().triggers.schedule.id }), 400, "VALIDATION");
  });
});

test.describe("fire idempotency (spec 4.5 rules 1-8)", () => {
  const sales = () => ({ triggerId: acme().triggers.apiSales.id, input: { prompt: uniqueMarker("sales") } });
  const owner = () => acme().users.owner;

  test("replays with the original body and Idempotency-Replayed; the header wins over the body key", async ({
    request,
  }) => {
    const key = uniqueMarker("k");
    const body = sales();
    const first = await fire(request, body, { user: owner(), key });
    const original = await expectStatus(first, 202);
    expect(first.headers()["idempotency-replayed"]).toBeUndefined();
    const replay = await fire(request, { ...body, idempotencyKey: uniqueMarker("ignored") }, { user: owner(), key });
    expect(await expectStatus(replay, 202)).toEqual(original);
    expect(replay.headers()["idempotency-replayed"]).toBe("true");
    const byBody = await fire(request, { ...body, idempotencyKey: key }, { user: owner() });
    expect(await expectStatus(byBody, 202)).toEqual(original);
    expect(byBody.headers()["idempotency-replayed"]).toBe("true");
  });

  test("a refreshed credential or another input under the same key is 409 IDEMPOTENCY_KEY_REUSED", async ({
    request,
  }) => {
    const key = uniqueMarker("k");
    const body = {
      triggerId: acme().triggers.api.id,
      input: { prompt: uniqueMarker("reuse") },
      callerCredentials: { integrations: { [HTTP]: { token: "first-token" } } },
    };
    await expectStatus(await fire(request, body, { key }), 202);
    await expectError(
      await fire(
        request,
        { ...body, callerCredentials: { integrations: { [HTTP]: { token: "refreshed-token" } } } },
        { key },
      ),
      409,
      "IDEMPOTENCY_KEY_REUSED",
    );
    await expectError(
      await fire(request, { ...body, input: { prompt: "other" } }, { key }),
      409,
      "IDEMPOTENCY_KEY_REUSED",
    );
  });

  test("refuses comma-separated and repeated Idempotency-Key headers and malformed keys", async ({ request }) => {
    await expectError(await fire(request, sales(), { user: owner(), key: "one,two" }), 400, "VALIDATION");
    await expectError(
      await fire(request, { ...sales(), idempotencyKey: "has space" }, { user: owner() }),
      400,
      "VALIDATION",
    );
    const headers = new Headers({ authorization: `Bearer ${owner().apiKey}`, "content-type": "application/json" });
    headers.append("Idempotency-Key", "one");
    headers.append("Idempotency-Key", "two");
    const repeated = await fetch(`${world().baseUrl}/api/v1/triggers/fire`, {
      method: "POST",
      headers,
      body: JSON.stringify(sales()),
    });
    expect(repeated.status).toBe(400);
    expect(((await repeated.json()) as { error: { code: string } }).error.code).toBe("VALIDATION");
  });

  test("concurrent duplicates fan out once; a refusal stores nothing; keys are per organization", async ({
    request,
  }) => {
    const key = uniqueMarker("k");
    const body = sales();
    const responses = await Promise.all(Array.from({ length: 10 }, () => fire(request, body, { user: owner(), key })));
    const statuses = responses.map((response) => response.status());
    expect(statuses.every((status) => status === 202 || status === 409)).toBe(true);
    const fresh = responses.filter(
      (response) => response.status() === 202 && response.headers()["idempotency-replayed"] === undefined,
    );
    expect(fresh).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.status() === 409)) {
      expect(response.headers()["retry-after"]).toBe("2");
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("IDEMPOTENCY_IN_PROGRESS");
    }

    const refusedKey = uniqueMarker("k");
    await expectError(
      await fire(request, { triggerId: acme().triggers.apiInactive.id }, { key: refusedKey }),
      409,
      "CONFLICT",
    );
    const after = await fire(request, sales(), { user: owner(), key: refusedKey });
    await expectStatus(after, 202);
    expect(after.headers()["idempotency-replayed"]).toBeUndefined();
    const otherOrg = await fire(
      request,
      { triggerId: globex().triggers.api.id },
      { user: globex().users.owner, key: refusedKey },
    );
    await expectStatus(otherOrg, 202);
    expect(otherOrg.headers()["idempotency-replayed"]).toBeUndefined();
  });
});

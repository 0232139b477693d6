import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import {
  ApiConnectionError,
  ApiError,
  AuthenticationError,
  ConflictError,
  createCustomerClient,
  createPartnerClient,
  IdempotencyError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ValidationError,
} from "../src/index.js";
import { retryAfterMs, retryDelayMs, shouldRetry } from "../src/runtime/retry.js";
import { errorEnvelope, hangUp, json, scriptedServer } from "./server.js";

const FAST = { retryBaseDelayMs: 1, maxRetryDelayMs: 2_000 };
const TRIGGER = "6f1c0d7e-8f7a-4c55-9d61-3f3c9b1a2b10";
const servers: Array<{ close: () => Promise<void> }> = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function serve(...handlers: Parameters<typeof scriptedServer>[0]) {
  const server = await scriptedServer(handlers);
  servers.push(server);
  return server;
}

describe("calls", () => {
  test("sends the bearer credential, a JSON body and path and query parameters where the operation puts them", async () => {
    const server = await serve(json(200, { items: [], next_cursor: null }));
    const client = createPartnerClient({ baseUrl: server.baseUrl, credential: "ykp_test" });
    const result = await client.events.list({ orgId: "org 1", since: "e1", limit: 5 });
    assert.deepEqual(result.data, { items: [], next_cursor: null });
    const [request] = server.requests;
    assert.equal(request!.method, "GET");
    assert.equal(request!.url, "/api/partner/v1/organizations/org%201/events?since=e1&limit=5");
    assert.equal(request!.headers.authorization, "Bearer ykp_test");
    assert.match(String(request!.headers["x-request-id"]), /^[0-9a-f-]{36}$/);
  });

  test("posts the body fields without the path parameters and accepts a base URL that already names the surface", async () => {
    const server = await serve(json(201, { message_id: "m1" }));
    const client = createPartnerClient({ baseUrl: `${server.baseUrl}/api/partner/v1/`, credential: () => "ykp_fn" });
    await client.messages.post({ orgId: "o1", w: "w1", body: "hi" });
    assert.equal(server.requests[0]!.url, "/api/partner/v1/organizations/o1/workers/w1/messages");
    assert.deepEqual(JSON.parse(server.requests[0]!.body), { body: "hi" });
    assert.equal(server.requests[0]!.headers.authorization, "Bearer ykp_fn");
  });

  test("turns an error envelope into a typed ApiError with status, code, details and the request id", async () => {
    const server = await serve(
      json(404, { error: { code: "NOT_FOUND", message: "No such session.", details: { id: "x" } } }),
    );
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
    const error = await client.sessions.get({ sessionId: "x" }).catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 404);
    assert.equal(error.code, "NOT_FOUND");
    assert.equal(error.message, "No such session.");
    assert.deepEqual(error.details, { id: "x" });
    assert.equal(error.requestId, server.requests[0]!.headers["x-request-id"]);
    assert.equal(server.requests.length, 1, "a 404 is not retried");
  });
});

describe("retries", () => {
  test("retries 5xx and connection errors with the same Idempotency-Key and request id, then succeeds", async () => {
    const server = await serve(errorEnvelope(503, "UNAVAILABLE"), hangUp, json(202, { sessions: [] }));
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", ...FAST });
    const result = await client.triggers.fire({ triggerId: TRIGGER, input: {} });
    assert.equal(server.requests.length, 3);
    const keys = server.requests.map((request) => request.headers["idempotency-key"]);
    assert.match(String(keys[0]), /^[0-9a-f-]{36}$/);
    assert.deepEqual(new Set(keys).size, 1, "one key per call, reused by every retry");
    assert.equal(new Set(server.requests.map((request) => request.headers["x-request-id"])).size, 1);
    assert.equal(result.idempotencyKey, keys[0]);
    assert.equal(result.replayed, false);
    assert.equal(result.status, 202);
  });

  test("a new call gets a new key; a key the caller gives is sent as is; the replay flag is surfaced", async () => {
    const server = await serve(
      json(202, { sessions: [] }),
      json(202, { sessions: [] }, { "idempotency-replayed": "true" }),
    );
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", ...FAST });
    const first = await client.triggers.fire({ triggerId: TRIGGER, input: {} });
    const second = await client.triggers.fire({ triggerId: TRIGGER, input: {} }, { idempotencyKey: "my-key-1" });
    assert.notEqual(first.idempotencyKey, undefined);
    assert.equal(server.requests[1]!.headers["idempotency-key"], "my-key-1");
    assert.equal(second.replayed, true);
    assert.equal(first.replayed, false);
  });

  test("operations without idempotency send no key", async () => {
    const server = await serve(json(200, { id: "s" }));
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
    await client.sessions.get({ sessionId: "s" });
    assert.equal(server.requests[0]!.headers["idempotency-key"], undefined);
  });

  test("honours Retry-After in seconds on 429 and on IDEMPOTENCY_IN_PROGRESS", async () => {
    const server = await serve(
      errorEnvelope(429, "RATE_LIMITED", { "retry-after": "1" }),
      errorEnvelope(409, "IDEMPOTENCY_IN_PROGRESS", { "retry-after": "0" }),
      json(202, { sessions: [] }),
    );
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", retryBaseDelayMs: 1 });
    const started = Date.now();
    await client.triggers.fire({ triggerId: TRIGGER, input: {} });
    const elapsed = Date.now() - started;
    assert.equal(server.requests.length, 3);
    assert.ok(elapsed >= 950, `waited ${elapsed} ms for Retry-After: 1`);
  });

  for (const code of ["IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_OUTCOME_UNKNOWN", "CONFLICT"]) {
    test(`never retries ${code}`, async () => {
      const server = await serve(errorEnvelope(409, code), json(202, { sessions: [] }));
      const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", ...FAST });
      const error = await client.triggers.fire({ triggerId: TRIGGER, input: {} }).catch((caught: unknown) => caught);
      assert.ok(error instanceof ApiError);
      assert.equal(error.code, code);
      assert.equal(server.requests.length, 1);
    });
  }

  test("stops after the configured number of retries (default 2) and throws the last error", async () => {
    const server = await serve(errorEnvelope(500, "INTERNAL"));
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", ...FAST });
    const error = await client.triggers.fire({ triggerId: TRIGGER, input: {} }).catch((caught: unknown) => caught);
    assert.ok(error instanceof ApiError && error.code === "INTERNAL");
    assert.equal(server.requests.length, 3);
    const once = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", ...FAST, maxRetries: 0 });
    await assert.rejects(once.triggers.fire({ triggerId: TRIGGER, input: {} }));
    assert.equal(server.requests.length, 4);
  });

  test("a POST without a key (minting a token) is sent once after a 5xx or a dropped connection, but repeated after a 429", async () => {
    const server = await serve(
      errorEnvelope(500, "INTERNAL"),
      hangUp,
      errorEnvelope(429, "RATE_LIMITED", { "retry-after": "0" }),
      json(200, { token: "t" }),
    );
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", ...FAST });
    const mint = () => client.auth.createToken({ grant_type: "password" } as never);
    await assert.rejects(mint(), (error: unknown) => error instanceof ApiError && error.status === 500);
    await assert.rejects(mint(), (error: unknown) => error instanceof ApiConnectionError);
    const minted = await mint();
    assert.equal(minted.status, 200);
    assert.equal(server.requests.length, 4);
    assert.equal(server.requests[0]!.headers["idempotency-key"], undefined);
  });

  test("a lost answer never runs work twice: open, message, approval and creates retry a 502 with one key", async () => {
    // A proxy that forwarded each request and then answered 502: every second request succeeds.
    const lost = errorEnvelope(502, "HTTP_ERROR");
    const answered = json(202, { sessionId: "s", executionId: "e" });
    const server = await serve((request, response, index) =>
      (index % 2 === 0 ? lost : answered)(request, response, index),
    );
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", ...FAST });
    const calls = [
      () => client.sessions.open({ automationId: TRIGGER, message: "hi" } as never),
      () => client.sessions.postMessage({ sessionId: "s", message: "again" } as never),
      () => client.sessions.decideApproval({ sessionId: "s", decision: "approved" } as never),
      () => client.automations.create({ domainId: TRIGGER, name: "A" } as never),
    ];
    for (const call of calls) {
      const before = server.requests.length;
      await call();
      const [first, retry] = server.requests.slice(before);
      assert.ok(first!.headers["idempotency-key"], `${first!.url} carries an Idempotency-Key`);
      assert.equal(retry!.headers["idempotency-key"], first!.headers["idempotency-key"]);
    }
  });

  test("a Retry-After longer than maxRetryAfterMs raises RateLimitError at once, carrying the wait", async () => {
    const server = await serve(errorEnvelope(429, "RATE_LIMITED", { "retry-after": "120" }), json(202, {}));
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", ...FAST });
    const started = Date.now();
    const error = await client.triggers.fire({ triggerId: TRIGGER, input: {} }).catch((caught: unknown) => caught);
    assert.ok(error instanceof RateLimitError && error instanceof ApiError);
    assert.equal(error.retryAfterMs, 120_000);
    assert.equal(server.requests.length, 1);
    assert.ok(Date.now() - started < 1_000);
  });

  test("X-Service-Subject is a client option and a per-call one", async () => {
    const server = await serve(json(200, { items: [] }));
    const partner = createPartnerClient({ baseUrl: server.baseUrl, credential: "ykp_test", subject: "worker-a" });
    await partner.workers.list({ orgId: TRIGGER } as never);
    await partner.workers.list({ orgId: TRIGGER } as never, { subject: "worker-b" });
    assert.deepEqual(
      server.requests.map((request) => request.headers["x-service-subject"]),
      ["worker-a", "worker-b"],
    );
  });

  test("every error family has its class under ApiError", async () => {
    const cases: Array<[number, string, new (...args: never[]) => ApiError]> = [
      [401, "UNAUTHENTICATED", AuthenticationError],
      [404, "NOT_FOUND", NotFoundError],
      [409, "CONFLICT", ConflictError],
      [409, "IDEMPOTENCY_KEY_REUSED", IdempotencyError],
      [400, "VALIDATION", ValidationError],
      [500, "INTERNAL", ServerError],
    ];
    for (const [status, code, type] of cases) {
      const server = await serve(errorEnvelope(status, code));
      const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", ...FAST, maxRetries: 0 });
      const error = await client.sessions.get({ sessionId: "s" }).catch((caught: unknown) => caught);
      assert.ok(error instanceof type, `${status} ${code} is a ${type.name}`);
      assert.ok(error instanceof ApiError);
      assert.equal((error as ApiError).code, code);
    }
  });

  test("a connection that never answers ends in ApiConnectionError after the retries", async () => {
    const server = await serve(hangUp);
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test", ...FAST });
    await assert.rejects(client.sessions.get({ sessionId: "s" }), ApiConnectionError);
    assert.equal(server.requests.length, 3);
  });

  test("the caller's abort stops at once and is not retried", async () => {
    const server = await serve(errorEnvelope(503, "UNAVAILABLE", { "retry-after": "30" }));
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop")), 100);
    const started = Date.now();
    await assert.rejects(client.sessions.get({ sessionId: "s" }, { signal: controller.signal }), /stop/);
    assert.ok(Date.now() - started < 5_000);
    assert.equal(server.requests.length, 1);
  });
});

describe("retry policy", () => {
  test("Retry-After is read as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    assert.equal(retryAfterMs("3", now), 3_000);
    assert.equal(retryAfterMs("Thu, 01 Jan 2026 00:00:10 GMT", now), 10_000);
    assert.equal(retryAfterMs("Wed, 31 Dec 2025 23:59:00 GMT", now), 0);
    assert.equal(retryAfterMs("soon", now), null);
    assert.equal(retryAfterMs(null, now), null);
  });

  test("backoff doubles with jitter between half and the full step, capped, and Retry-After wins", () => {
    const policy = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 60_000 };
    assert.equal(
      retryDelayMs(0, policy, null, () => 0),
      50,
    );
    assert.equal(
      retryDelayMs(0, policy, null, () => 1),
      100,
    );
    assert.equal(
      retryDelayMs(2, policy, null, () => 1),
      400,
    );
    assert.equal(
      retryDelayMs(6, policy, null, () => 1),
      1_000,
    );
    assert.equal(
      retryDelayMs(0, policy, 700, () => 1),
      700,
    );
    assert.equal(
      retryDelayMs(0, policy, 60_000, () => 1),
      60_000,
    );
    assert.equal(
      retryDelayMs(0, policy, 60_001, () => 1),
      null,
    );
  });

  test("which failures are retried", () => {
    const error = (status: number, code: string) => new ApiError({ status, code, message: "", requestId: "r" });
    assert.equal(shouldRetry("connection", "default"), true);
    assert.equal(shouldRetry(error(503, "UNAVAILABLE"), "default"), true);
    assert.equal(shouldRetry(error(429, "RATE_LIMITED"), "rate-limit-only"), true);
    assert.equal(shouldRetry(error(409, "IDEMPOTENCY_IN_PROGRESS"), "default"), true);
    assert.equal(shouldRetry(error(409, "CONFLICT"), "default"), false);
    assert.equal(shouldRetry(error(400, "VALIDATION"), "default"), false);
    assert.equal(shouldRetry(error(500, "INTERNAL"), "rate-limit-only"), false);
    assert.equal(shouldRetry("connection", "rate-limit-only"), false);
  });
});

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useDatabaseOfItsOwn } from "../../../test/database-of-its-own";
import { startEngine, stopEngine } from "../../../test/sessions-kit";
import { SESSION_COOKIE } from "@/server/auth/session-cookie";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { overrideRateLimits } from "@/server/ratelimit/policies";
import { buildWorld } from "@/server/services/fixtures/build-world";
import type { TFixtureWorld } from "@/server/services/fixtures/world-types";
import { handleOpenApiRequest } from "./openapi-handler";
import {
  buildRequest,
  changedTables,
  describeRequest,
  expectWellFormedAnswer,
  operationsOf,
  stateFingerprint,
  type TFuzzAnswer,
  type TFuzzRequest,
  type TOperation,
} from "./openapi-fuzz-kit";
import { conformanceProblems } from "./openapi-conformance";
import { requestsFor, type TCredentials, type TFuzzPools } from "./openapi-fuzz-requests";
import type { TSurface } from "@/contracts/common/meta";

// Property-based fuzz of both machine API surfaces (issue 14, "A fuzzed API"): every operation
// of the served OpenAPI documents gets valid, boundary and invalid requests with and without
// real credentials of each kind. Invariants: no 5xx, every refusal is the standard envelope with
// a code of the spec's table, every answer is one the document describes (status, content type,
// body schema, required headers), and a refused request changes nothing in the database.
// Another seed or more runs: FUZZ_SEED=123 FUZZ_RUNS=200 (docs/testing.md).
const SEED = env.FUZZ_SEED ?? 20_261_124;
const RUNS = env.FUZZ_RUNS;

// "Changes nothing" is checked on every table, so no other file may write beside this one.
useDatabaseOfItsOwn();

let world: TFixtureWorld;
let pools: TFuzzPools;

// A request that never answers is a failure too (a deadlock, an outbound call without a timeout).
const ANSWER_WITHIN_MS = 15_000;

async function send(surface: TSurface, request: TFuzzRequest): Promise<TFuzzAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${describeRequest(surface, request)}`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    const response = await Promise.race([handleOpenApiRequest(buildRequest(surface, request), surface), hung]);
    return { status: response.status, headers: response.headers, text: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}

async function json(
  surface: TSurface,
  method: string,
  target: string,
  auth: [string, string],
  body?: unknown,
): Promise<Record<string, unknown>> {
  const answer = await send(surface, {
    method,
    target,
    headers: [auth, ["content-type", "application/json"]],
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status >= 300) throw new Error(`setup ${method} ${target} answered ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text) as Record<string, unknown>;
}

const bearer = (token: string): [string, string] => ["authorization", `Bearer ${token}`];

/** Real credentials of every kind, and the broken forms a client might send. */
async function credentialsOf(): Promise<TCredentials> {
  const { acme, globex } = world.orgs;
  const { partner } = world;
  const cookie: [string, string] = ["cookie", `${SESSION_COOKIE}=${acme.users.owner.cookie}`];
  const userToken = (await json("v1", "POST", "/auth/token", cookie)).token as string;
  const follower = { orgId: partner.follower.orgId, appId: partner.appId };
  const appLease = (await json("partner-v1", "POST", "/token", bearer(partner.key), follower)).token as string;
  const workerLease = (
    await json("partner-v1", "POST", "/worker-token", bearer(partner.key), {
      ...follower,
      partnerSubject: partner.follower.workerSubject,
    })
  ).token as string;
  return {
    none: null,
    cookie,
    ykOwner: bearer(acme.users.owner.apiKey),
    ykViewer: bearer(acme.users.viewer.apiKey),
    ykOutsider: bearer(acme.users.outsider.apiKey),
    ykGlobex: bearer(globex.users.owner.apiKey),
    yku: bearer(userToken),
    ykp: bearer(partner.key),
    ykpOther: bearer(partner.otherPlatformKey),
    ykpSuspended: bearer(partner.suspendedKey),
    ykpNoProvisioning: bearer(partner.noProvisioningKey),
    yktApp: bearer(appLease),
    yktWorker: bearer(workerLease),
    lowercaseScheme: ["authorization", `bearer ${acme.users.owner.apiKey}`],
    basic: ["authorization", "Basic dXNlcjpwYXNzd29yZA=="],
    bareScheme: ["authorization", "Bearer"],
    twoTokens: ["authorization", `Bearer ${acme.users.owner.apiKey} ${partner.key}`],
    unknownKey: bearer(`yk_${"A".repeat(52)}`),
    truncatedKey: bearer(acme.users.owner.apiKey.slice(0, -1)),
    wrongPrefix: bearer(`ykx_${acme.users.owner.apiKey.slice(3)}`),
    latin1: bearer("yk_\u00e9\u00e8\u00ff"),
    huge: bearer(`ykp_${"a".repeat(20_000)}`),
    garbageCookie: ["cookie", `${SESSION_COOKIE}=not-a-session`],
  };
}

/** Ids of the fixture world by the path parameter names that take them, and a live session. */
async function poolsOf(credentials: TCredentials): Promise<TFuzzPools> {
  const { acme, globex } = world.orgs;
  const { follower } = world.partner;
  const opened = await json("v1", "POST", `/agents/${acme.agents.echo.id}/sessions`, credentials.ykOwner!, {
    message: "hello from the fuzz",
  });
  const worker = await db().assistantWorker.findFirst({
    where: { organizationId: follower.orgId },
    select: { id: true },
  });
  const agents = [
    ...Object.values(acme.agents).map((agent) => agent.id),
    globex.agents.echo.id,
    follower.assistantAgentId,
  ];
  const pathValues: Record<string, string[]> = {
    id: [...agents, "service.http", "service.mail"],
    automationId: agents,
    sessionId: [opened.sessionId as string],
    baseId: [acme.knowledge.domainBaseId, acme.knowledge.orgBaseId, globex.knowledge.domainBaseId],
    moduleId: [acme.knowledge.domainModuleId, acme.knowledge.orgModuleId, globex.knowledge.domainModuleId],
    orgId: [follower.orgId, acme.id, globex.id],
    // A worker route names its worker by worker_ref (its id); X-Service-Subject may name it by either.
    w: [...(worker ? [worker.id] : []), follower.workerSubject],
    provider: ["mail", "calendar"],
    runId: [acme.flows.echo.id],
    grantId: [acme.id],
  };
  const knownIds = [
    ...new Set([
      ...Object.values(pathValues).flat(),
      acme.domains.ops.id,
      acme.domains.sales.id,
      acme.triggers.api.id,
      acme.triggers.apiInactive.id,
      world.partner.appId,
    ]),
  ];
  const preferred = { v1: ["ykOwner", "yku", "cookie"], "partner-v1": ["ykp", "yktApp", "yktWorker"] };
  return { credentials, pathValues, preferred, knownIds: knownIds.filter((id) => /^[0-9a-f-]{36}$/.test(id)) };
}

beforeAll(async () => {
  await startEngine({ workers: false });
  // Volume limits are proven elsewhere (ratelimit/*.test.ts); here they would only turn most
  // requests into 429 and hide what the routes do.
  overrideRateLimits({ credential: 0, organization: 0, ip: 0 });
  world = await buildWorld({ baseUrl: "http://127.0.0.1:3999", httpTarget: "http://127.0.0.1:4999" });
  pools = await poolsOf(await credentialsOf());
}, 120_000);

afterAll(async () => {
  overrideRateLimits(null);
  await stopEngine();
});

/** Answers by surface and status class, to prove the fuzz reaches past the refusals. */
const tally: Record<TSurface, Record<string, number>> = { v1: {}, "partner-v1": {} };

/** A `.` or `..` path segment (also percent-encoded): URL parsing removes it before any route sees the path. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/**
 * Sends one request and checks every invariant, the database's included; with its operation,
 * also that the answer is one the document describes (status, content type, schema, headers).
 */
async function check(surface: TSurface, request: TFuzzRequest, operation?: TOperation): Promise<void> {
  const what = `${describeRequest(surface, request)} (credential ${request.credential})`;
  const before = await stateFingerprint();
  const answer = await send(surface, request);
  const statusClass = `${String(answer.status)[0]}xx`;
  tally[surface][statusClass] = (tally[surface][statusClass] ?? 0) + 1;
  expectWellFormedAnswer(answer, what);
  // Another method on the operation's path is a 405 or HEAD/OPTIONS, not this operation's answer;
  // so is a dot segment's: `/agents/sessions/../messages` is `/agents/messages`, another route's
  // path (GET /organizations/{orgId}/agents/{id} answers that POST with 405).
  if (operation?.method === request.method && !DOT_SEGMENT.test(request.target.split("?")[0]!)) {
    const problems = conformanceProblems(surface, operation, answer);
    expect(problems, `${what}: answered ${answer.status} not as documented: ${problems.join("; ")}`).toEqual([]);
  }
  if (request.mustRefuse)
    expect(answer.status, `${what} must be refused: ${request.mustRefuse}`).toBeGreaterThanOrEqual(400);
  if (answer.status >= 400) {
    const changed = changedTables(before, await stateFingerprint());
    expect(changed, `${what} was refused with ${answer.status} but changed ${changed.join(", ")}`).toEqual([]);
  }
}

for (const surface of ["v1", "partner-v1"] as const) {
  describe(`fuzz ${surface}`, () => {
    for (const operation of operationsOf(surface)) {
      it(`${operation.method} ${operation.path}`, async () => {
        await fc.assert(
          fc.asyncProperty(requestsFor(operation, pools), (request) => check(surface, request, operation)),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      }, 120_000);
    }

    it("reached the services: valid requests were accepted, invalid ones refused", () => {
      expect(tally[surface]["2xx"] ?? 0, JSON.stringify(tally[surface])).toBeGreaterThan(0);
      expect(tally[surface]["4xx"] ?? 0, JSON.stringify(tally[surface])).toBeGreaterThan(0);
    });
  });
}

describe("fuzz: fixed probes", () => {
  it.each(["v1", "partner-v1"] as const)(
    "refuses an oversized body with 413 before anything runs (%s)",
    async (surface) => {
      const target = surface === "v1" ? "/authoring/automations" : "/organizations";
      const auth = surface === "v1" ? pools.credentials.ykOwner! : pools.credentials.ykp!;
      const oversized: TFuzzRequest = {
        method: "POST",
        target,
        headers: [auth, ["content-type", "application/json"]],
        body: `{"name":"${"x".repeat(8 * 1024 * 1024)}"}`,
        credential: "owner",
      };
      const before = await stateFingerprint();
      const answer = await send(surface, oversized);
      expect(answer.status).toBe(413);
      expectWellFormedAnswer(answer, "oversized body");
      expect(changedTables(before, await stateFingerprint())).toEqual([]);
    },
  );
  // Found by the fuzz: a worker route with a non-UUID organization id reached PostgreSQL's uuid
  // column and answered 500; it is the uniform 404 like any unknown organization.
  it("answers the uniform 404 for a worker route whose organization id is not a UUID", async () => {
    for (const key of [pools.credentials.ykp!, pools.credentials.ykpSuspended!]) {
      const target = `/organizations/${encodeURIComponent("שלום")}/workers/${crypto.randomUUID()}/connections/mail/start`;
      const answer = await send("partner-v1", {
        method: "POST",
        target,
        headers: [key, ["content-type", "application/json"]],
        body: JSON.stringify({ return_to: world.partner.follower.returnUrl }),
      });
      expectWellFormedAnswer(answer, target);
      expect(answer.status).toBe(404);
    }
  });
  // Found by the fuzz: a message holding U+0000 reached PostgreSQL, whose text cannot store it (500).
  it("refuses text holding the NUL character with 400, naming the field, and stores nothing", async () => {
    const before = await stateFingerprint();
    const answer = await send("v1", {
      method: "POST",
      target: `/agents/${world.orgs.acme.agents.echo.id}/sessions`,
      headers: [pools.credentials.ykOwner!, ["content-type", "application/json"]],
      body: JSON.stringify({ message: "nul\u0000byte" }),
    });
    expectWellFormedAnswer(answer, "NUL in a message");
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("message: Text may not contain the NUL character");
    expect(changedTables(before, await stateFingerprint())).toEqual([]);
  });
});

// The three documented routes with their own handlers (SSE, MCP, event ingress), through their
// route modules: the SSE stream and the ingress answer refusals in the envelope; MCP answers
// JSON-RPC errors (its documented shape), and none of them fails with a 5xx.
describe("fuzz: plain routes", () => {
  const segment = fc.oneof(
    fc.uuid().map(String),
    fc.constantFrom("%ZZ", "%ED%A0%80", "..", "not-a-uuid", "x".repeat(300)),
  );

  it("GET /agents/sessions/{sessionId}/stream", async () => {
    const { GET } = await import("@/server/http/session-stream-route");
    const sessionIds = fc.oneof(fc.constantFrom(...pools.pathValues.sessionId!), segment);
    const credential = fc.constantFrom(...Object.keys(pools.credentials));
    await fc.assert(
      fc.asyncProperty(
        sessionIds,
        credential,
        fc.constantFrom("GET", "POST", "DELETE"),
        async (sessionId, name, method) => {
          const abort = new AbortController();
          const auth = pools.credentials[name];
          const req = new Request(`http://127.0.0.1/api/v1/agents/sessions/${sessionId}/stream`, {
            method,
            headers: auth ? [auth] : [],
            signal: abort.signal,
          });
          const handler = method === "GET" ? GET : (await import("@/server/http/session-stream-route")).POST;
          const response = await handler(req, {
            params: Promise.resolve({ sessionId: decodeURIComponentSafe(sessionId) }),
          });
          abort.abort();
          const text = response.status >= 400 ? await response.text() : (await response.body?.cancel(), "");
          expectWellFormedAnswer(
            { status: response.status, headers: response.headers, text },
            `${method} stream ${sessionId} (${name})`,
          );
        },
      ),
      { seed: SEED, numRuns: RUNS * 3, endOnFailure: true },
    );
  }, 120_000);

  it("POST /triggers/ingress/{token}", async () => {
    const { POST } = await import("@/app/api/v1/triggers/ingress/[token]/route");
    const realToken = world.orgs.acme.triggers.event.ingressUrl.split("/").at(-1)!;
    const bodies = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
      fc.constantFrom("{", "", '{"a":"\\ud800"}', "a=1"),
    );
    const signature = fc.constantFrom(undefined, "", "sha256=00", "t=1,v1=abc", "x".repeat(500));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(realToken), segment), bodies, signature, async (token, body, signed) => {
        const headers: [string, string][] = [
          ["content-type", "application/json"],
          ...(signed === undefined ? [] : [["x-signature", signed] as [string, string]]),
        ];
        const before = await stateFingerprint();
        const response = await POST(
          new Request(`http://127.0.0.1/api/v1/triggers/ingress/${token}`, { method: "POST", headers, body }),
          { params: Promise.resolve({ token }) },
        );
        const answer = { status: response.status, headers: response.headers, text: await response.text() };
        expectWellFormedAnswer(answer, `ingress ${token} ${body.slice(0, 80)}`);
        if (answer.status >= 400) expect(changedTables(before, await stateFingerprint())).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS * 3, endOnFailure: true },
    );
  }, 120_000);

  it("POST /mcp answers JSON-RPC, never a 5xx", async () => {
    const { handleMcpRequest } = await import("@/server/mcp/handle-mcp-request");
    const bodies = fc.oneof(
      fc.constantFrom(
        "{",
        "[]",
        "null",
        '{"jsonrpc":"2.0"}',
        '{"jsonrpc":"2.0","id":1,"method":"nope"}',
        '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      ),
      fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
    );
    const credential = fc.constantFrom(...Object.keys(pools.credentials));
    await fc.assert(
      fc.asyncProperty(
        bodies,
        credential,
        fc.constantFrom("application/json", "text/plain"),
        async (body, name, contentType) => {
          const auth = pools.credentials[name];
          const headers: [string, string][] = [
            ...(auth ? [auth] : []),
            ["content-type", contentType],
            ["accept", "application/json, text/event-stream"],
          ];
          const response = await handleMcpRequest(
            new Request("http://127.0.0.1/api/v1/mcp", { method: "POST", headers, body }),
          );
          const text = await response.text();
          expect(response.status, `mcp ${body.slice(0, 80)} (${name}): ${text.slice(0, 300)}`).toBeLessThan(500);
        },
      ),
      { seed: SEED, numRuns: RUNS * 3, endOnFailure: true },
    );
  }, 120_000);
});

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as stream } from "@/server/http/session-stream-route";
import { GET as consoleQuery } from "@/app/api/trpc/[trpc]/route";
import { POST as ingress } from "@/app/api/v1/triggers/ingress/[token]/route";
import { handleMcpRequest } from "@/server/mcp/handle-mcp-request";
import { overrideRateLimits } from "@/server/ratelimit/policies";
import { handleOpenApiRequest } from "@/server/trpc/openapi-handler";
import { agentsWorld, api, person, type TAgentsWorld } from "../../../test/agents-kit";
import { cookieHeaders } from "../../../test/factories";

// Issue 14: request-volume limits on every surface besides partner (partner-rate-limits.test.ts):
// the customer API per key and per organization, MCP, event ingress, the cookie token route.
// Credentials, organizations and addresses are fresh per test, so counts never carry over.

let world: TAgentsWorld;

beforeAll(async () => {
  world = await agentsWorld();
});

afterEach(() => overrideRateLimits(null));

type TAnswer = { status: number; headers: Headers; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function read(response: Response): Promise<TAnswer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

function expectRefused(answer: TAnswer, policy: string) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  expect(answer.headers.get("ratelimit-policy")).toContain(`"${policy}"`);
  expect(answer.headers.get("x-request-id")).toBeTruthy();
  return retryAfter;
}

const readIntegration = (key: string) => api("GET", "/authoring/integrations/service.http", { credential: key });
const fromAddress = (ip: string) => ({ "x-forwarded-for": ip });
// A new address for every call: the counters of one address outlive a test (their window does),
// so two tests drawing the same address at random would share a count.
let addressesUsed = 0;
const address = () => `203.0.113.${++addressesUsed}`;

describe("customer API (/api/v1)", () => {
  it("limits each credential, announcing the policies on every answer", async () => {
    overrideRateLimits({ credential: 2, organization: 100 });
    const { key } = await person(world.acme.id, "MEMBER", []);
    const first = await readIntegration(key);
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe('"credential";q=2;w=60, "organization";q=100;w=60');
    expect(first.headers.get("ratelimit")).toMatch(/^"credential";r=1;t=\d+, "organization";r=\d+;t=\d+$/);
    expect((await readIntegration(key)).status).toBe(200);
    const refused = await readIntegration(key);
    const retryAfter = expectRefused(refused, "credential");
    expect(refused.body).toEqual({
      error: {
        code: "RATE_LIMITED",
        message: expect.stringContaining(`Retry after ${retryAfter} seconds`),
        details: { retryAfterSeconds: retryAfter, policy: "credential" },
      },
    });
  });

  it("counts every key of one organization together once authenticated; a 404 gives the organization's point back", async () => {
    overrideRateLimits({ credential: 100, organization: 2 });
    const org = await agentsWorld();
    const [one, two] = [org.people.viewer.key, org.people.editor.key];
    for (let index = 0; index < 3; index++)
      expect((await api("GET", `/agents/sessions/${randomUUID()}`, { credential: one })).status).toBe(404);
    expect((await readIntegration(one)).status).toBe(200);
    expect((await readIntegration(two)).status).toBe(200);
    expectRefused(await readIntegration(two), "organization");
    // Another organization's keys are unaffected (a fresh one: on PostgreSQL counts outlive a test).
    expect((await readIntegration((await agentsWorld()).people.owner.key)).status).toBe(200);
  });

  it("limits requests without a credential per address", async () => {
    overrideRateLimits({ ip: 1 });
    const ip = address();
    const call = () =>
      handleOpenApiRequest(
        new Request(`http://127.0.0.1/api/v1/agents/sessions/${randomUUID()}`, { headers: fromAddress(ip) }),
        "v1",
      ).then(read);
    expect((await call()).status).toBe(404);
    expectRefused(await call(), "ip");
  });

  it("limits the session stream like the rest of the API", async () => {
    overrideRateLimits({ credential: 1, organization: 100 });
    const { key } = await person(world.acme.id, "MEMBER", []);
    const open = (sessionId: string) =>
      stream(
        new Request(`http://127.0.0.1/api/v1/agents/sessions/${sessionId}/stream`, {
          headers: { authorization: `Bearer ${key}` },
        }),
        { params: Promise.resolve({ sessionId }) },
      ).then(read);
    const missing = await open(randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ratelimit-policy")).toContain('"credential";q=1;w=60');
    expectRefused(await open(randomUUID()), "credential");
  });
});

describe("POST /api/v1/auth/token (the console's cookie)", () => {
  it("limits the tokens one signed-in person mints", async () => {
    overrideRateLimits({ person: 2, ip: 100 });
    const { actor } = await person(world.acme.id, "MEMBER", []);
    const cookie = (await cookieHeaders(actor.userId, world.acme.id)).get("cookie")!;
    const mint = () =>
      handleOpenApiRequest(
        new Request("http://127.0.0.1/api/v1/auth/token", {
          method: "POST",
          headers: { cookie, ...fromAddress(address()) },
        }),
        "v1",
      ).then(read);
    expect((await mint()).status).toBe(200);
    expect((await mint()).status).toBe(200);
    const refused = await mint();
    expectRefused(refused, "person");
    expect(refused.body.error.details.policy).toBe("person");
  });
});

describe("the console's API (/api/trpc)", () => {
  // A batch of tRPC calls, as the console's client sends them (httpBatchLink, no transformer).
  const callConsole = (paths: string[], headers: Record<string, string>) => {
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(paths.map((_, index) => [index, {}]))));
    return consoleQuery(
      new Request(`http://127.0.0.1/api/trpc/${paths.join(",")}?batch=1&input=${input}`, { headers }),
    ).then(read);
  };

  it("limits each session cookie, counting a batch once, and refuses in the shape the console's client reads", async () => {
    overrideRateLimits({ credential: 2, ip: 100 });
    const { actor } = await person(world.acme.id, "MEMBER", []);
    const cookie = (await cookieHeaders(actor.userId, world.acme.id)).get("cookie")!;
    const batch = ["tenancy.getMe", "tenancy.listDomains", "tenancy.getMe"];
    const first = await callConsole(batch, { cookie, ...fromAddress(address()) });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(3);
    expect(first.headers.get("ratelimit-policy")).toBe('"credential";q=2;w=60');
    expect(first.headers.get("x-request-id")).toBeTruthy();
    expect((await callConsole(batch, { cookie })).status).toBe(200);
    const refused = await callConsole(["tenancy.getMe", "tenancy.listDomains"], { cookie });
    const retryAfter = expectRefused(refused, "credential");
    expect(refused.body).toHaveLength(2);
    for (const [index, path] of ["tenancy.getMe", "tenancy.listDomains"].entries()) {
      expect(refused.body[index]).toMatchObject({
        error: {
          code: -32029,
          data: {
            code: "TOO_MANY_REQUESTS",
            httpStatus: 429,
            path,
            appError: { code: "RATE_LIMITED", details: { retryAfterSeconds: retryAfter, policy: "credential" } },
          },
        },
      });
    }
    // Another person's session is counted on its own.
    const other = await person(world.acme.id, "MEMBER", []);
    expect(
      (await callConsole(batch, { cookie: (await cookieHeaders(other.actor.userId, world.acme.id)).get("cookie")! }))
        .status,
    ).toBe(200);
  });

  it("limits requests without a session cookie per address", async () => {
    overrideRateLimits({ credential: 100, ip: 1 });
    const ip = address();
    const first = await callConsole(["tenancy.getMe"], fromAddress(ip));
    expect(first.status).toBe(401);
    expect(first.body[0].error.data.appError.code).toBe("UNAUTHORIZED");
    expectRefused(await callConsole(["tenancy.getMe"], fromAddress(ip)), "ip");
  });
});

describe("MCP (/api/v1/mcp)", () => {
  it("refuses over the limit with 429 in the JSON-RPC shape MCP clients read, with Retry-After", async () => {
    overrideRateLimits({ credential: 1, organization: 100 });
    const { key } = await person(world.acme.id, "MEMBER", []);
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
    };
    const post = () =>
      handleMcpRequest(
        new Request("http://127.0.0.1/api/v1/mcp", {
          method: "POST",
          headers: {
            authorization: `Bearer ${key}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify(initialize),
        }),
      );
    const first = await post();
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit")).toMatch(/^"credential";r=0;t=\d+/);
    await first.body?.cancel();
    const refused = await read(await post());
    expectRefused(refused, "credential");
    expect(refused.body).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32000, data: { code: "RATE_LIMITED", policy: "credential" } },
    });
  });
});

describe("event ingress (/api/v1/triggers/ingress/:token)", () => {
  const deliver = (token: string, ip: string) =>
    ingress(
      new Request(`http://127.0.0.1/api/v1/triggers/ingress/${token}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...fromAddress(ip) },
        body: "{}",
      }),
      {
        params: Promise.resolve({ token }),
      },
    ).then(read);

  it("limits each ingress URL, whether or not it exists", async () => {
    overrideRateLimits({ credential: 1, ip: 100 });
    const token = `tok${randomUUID().replaceAll("-", "")}`;
    expect((await deliver(token, address())).status).toBe(404);
    const refused = await deliver(token, address());
    expectRefused(refused, "credential");
    expect(refused.body.error.code).toBe("RATE_LIMITED");
  });

  it("limits each sending address across URLs", async () => {
    overrideRateLimits({ credential: 100, ip: 2 });
    const ip = address();
    const fresh = () => `tok${randomUUID().replaceAll("-", "")}`;
    expect((await deliver(fresh(), ip)).status).toBe(404);
    expect((await deliver(fresh(), ip)).status).toBe(404);
    expectRefused(await deliver(fresh(), ip), "ip");
  });
});

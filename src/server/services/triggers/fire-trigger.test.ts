import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { readCallerGrant } from "@/server/services/caller-credentials/grants";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { createTrigger } from "@/server/services/triggers/create-trigger";
import { setTriggerActive } from "@/server/services/triggers/set-trigger-active";
import { subscribeAutomation } from "@/server/services/triggers/subscriptions";
import { handleOpenApiRequest } from "@/server/trpc/openapi-handler";
import { fireTrigger } from "./fire-trigger";

// POST /api/v1/triggers/fire through the real route, queue, workers and turn loop, with a real
// HTTP receiver on loopback standing in for the integration's upstream.

const HTTP = "service.http";
const orgToken = `org-${crypto.randomUUID()}`;
let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const ids = {} as Record<
  "read" | "required" | "echo" | "flow" | "api" | "inactive" | "schedule" | "sales" | "globex" | "empty",
  string
>;

const line = (tool: string, args: unknown) => `#${tool} ${JSON.stringify(args)}`;
const marker = () => `m${crypto.randomUUID().slice(0, 12)}`;

/** POST /triggers/fire as the operator (or `key`), through the real OpenAPI route. */
const fire = (body: unknown, options: { key?: string; headers?: Record<string, string> } = {}) =>
  api("POST", "/triggers/fire", {
    credential: options.key ?? world.people.operator.key,
    body,
    headers: options.headers,
  });

async function trigger(
  type: "api" | "schedule",
  domainId: string,
  subscribers: string[],
  owner = world.people.owner.actor,
) {
  const body =
    type === "api"
      ? { type, domainId, name: `T ${marker()}` }
      : { type, domainId, name: `S ${marker()}`, cron: "* * * * *" };
  const { trigger: created } = await createTrigger(owner, body as Parameters<typeof createTrigger>[1]);
  for (const automationId of subscribers) await subscribeAutomation(owner, { triggerId: created.id, automationId });
  return created.id;
}

const firingsOf = (triggerId: string) =>
  db().triggerFiring.findMany({ where: { triggerId }, include: { results: true }, orderBy: { createdAt: "asc" } });

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  const owner = world.people.owner.actor;
  await createConnection(owner, { domainId: world.acme.ops, integrationId: HTTP, name: "HTTP", token: orgToken });
  const get = (path: string) => ({
    model: "builtin:procedure",
    procedure: line("service.http.get", { url: `${receiver.base}${path}`, query: { message: "{{message}}" } }),
  });
  ids.read = await publishAgent(owner, world.acme.ops, get("/read"), {
    bindingPolicies: { [HTTP]: "caller_preferred" },
  });
  ids.required = await publishAgent(owner, world.acme.ops, get("/caller"), {
    bindingPolicies: { [HTTP]: "caller_required" },
  });
  ids.echo = await publishAgent(owner, world.acme.ops, { model: "builtin:echo" });
  const salesEcho = await publishAgent(owner, world.acme.sales, { model: "builtin:echo" });
  const globexEcho = await publishAgent(world.people.globexOwner.actor, world.globex.main, { model: "builtin:echo" });
  const { flow } = await createAndPublishFlow(owner, {
    domainId: world.acme.ops,
    name: "Flow subscriber",
    graph: {
      inputSchema: { type: "object", properties: {}, additionalProperties: true },
      steps: [
        {
          id: "post",
          kind: "tool",
          tool: "service.http.post",
          args: { url: `${receiver.base}/flow`, body: "{{input}}" },
        },
      ],
    },
    bindingPolicies: { [HTTP]: "service" },
    changeNote: "test",
  });
  ids.flow = flow.id;
  ids.api = await trigger("api", world.acme.ops, [ids.read, ids.required, ids.echo, ids.flow]);
  ids.inactive = await trigger("api", world.acme.ops, [ids.echo]);
  await setTriggerActive(owner, { triggerId: ids.inactive, active: false });
  ids.schedule = await trigger("schedule", world.acme.ops, [ids.echo]);
  ids.sales = await trigger("api", world.acme.sales, [salesEcho]);
  ids.globex = await trigger("api", world.globex.main, [globexEcho], world.people.globexOwner.actor);
  ids.empty = await trigger("api", world.acme.ops, []);
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

async function turnsSettled(sessions: Array<{ sessionId: string }>) {
  for (const { sessionId } of sessions) {
    const turn = await db().turn.findFirstOrThrow({ where: { sessionId } });
    await waitForTurn(turn.id);
  }
}

describe("fan-out", () => {
  it("starts one session per subscriber, narrows caller material per subscriber and records only ids", async () => {
    const m = marker();
    const token = `caller-${crypto.randomUUID()}`;
    const response = await fire({
      triggerId: ids.api,
      input: { prompt: m },
      callerCredentials: { integrations: { [HTTP]: { token }, "crm.unused": { token: "never-sent" } } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.headers.get("idempotency-replayed")).toBeNull();
    expect(response.body.sessions.map((s: { automationId: string }) => s.automationId).sort()).toEqual(
      [ids.read, ids.required, ids.echo, ids.flow].sort(),
    );
    await turnsSettled(response.body.sessions);

    // The caller's token reached both caller-bound subscribers' upstream calls; the flow binds
    // service.http at service identity, so it got no share and ran under the organization's token.
    const seen = receiver.withMarker(m);
    expect(seen.map((request) => [request.path, request.headers.authorization]).sort()).toEqual([
      ["/caller", `Bearer ${token}`],
      ["/flow", `Bearer ${orgToken}`],
      ["/read", `Bearer ${token}`],
    ]);
    // The flow received the input verbatim.
    expect(JSON.parse(seen.find((request) => request.path === "/flow")!.body)).toEqual({ prompt: m });
    const sessions = await db().agentSession.findMany({
      where: { id: { in: response.body.sessions.map((s: { sessionId: string }) => s.sessionId) } },
    });
    expect(
      sessions.every(
        (s) =>
          s.origin === "TRIGGER" &&
          s.kind === "DOMAIN" &&
          s.ownerId === world.people.operator.actor.userId &&
          s.revision === 1,
      ),
    ).toBe(true);

    const [firing] = (await firingsOf(ids.api)).slice(-1);
    expect(firing).toMatchObject({
      source: "API",
      actorId: world.people.operator.actor.userId,
      unusedIntegrationIds: ["crm.unused"],
    });
    expect(firing!.results.every((result) => result.outcome === "STARTED" && result.sessionId !== null)).toBe(true);
    expect(JSON.stringify(firing)).not.toContain(token);
  });

  it("refuses a caller-required subscriber without material and still starts the others", async () => {
    const m = marker();
    const response = await fire({ triggerId: ids.api, input: { prompt: m } });
    expect(response.status).toBe(202);
    expect(response.body.sessions.map((s: { automationId: string }) => s.automationId).sort()).toEqual(
      [ids.read, ids.echo, ids.flow].sort(),
    );
    await turnsSettled(response.body.sessions);
    // Without caller material the caller_preferred agent runs under the organization's connection.
    expect(
      receiver
        .withMarker(m)
        .map((request) => [request.path, request.headers.authorization])
        .sort(),
    ).toEqual([
      ["/flow", `Bearer ${orgToken}`],
      ["/read", `Bearer ${orgToken}`],
    ]);
    const [firing] = (await firingsOf(ids.api)).slice(-1);
    const refused = firing!.results.find((result) => result.automationId === ids.required);
    expect(refused).toMatchObject({ outcome: "FAILED", errorCode: "CALLER_CREDENTIALS_REQUIRED", sessionId: null });
    expect(refused!.errorMessage).toContain(HTTP);
  });

  it("gives agents the input rendered as text when there is no prompt", async () => {
    const response = await fire(
      { triggerId: ids.sales, input: { order: { id: 42, lines: ["a", "b"] }, urgent: true } },
      { key: world.people.owner.key },
    );
    expect(response.status).toBe(202);
    const [{ sessionId }] = response.body.sessions;
    const message = await db().sessionMessage.findFirstOrThrow({ where: { sessionId, role: "USER" } });
    expect(message.body.replace(/^Trigger "[^"]+"/, "Trigger")).toBe(
      "Trigger fired with:\n- order:\n  - id: 42\n  - lines:\n    - a\n    - b\n- urgent: true",
    );
  });

  it("answers sessions: [] for a trigger without subscribers and records the firing", async () => {
    const response = await fire({ triggerId: ids.empty });
    expect(response).toMatchObject({ status: 202, body: { sessions: [] } });
    expect(await firingsOf(ids.empty)).toHaveLength(1);
  });

  it("refuses caller-required subscribers of a schedule firing (no caller exists) and keeps the grant expiry", async () => {
    const triggerRow = await db().trigger.findUniqueOrThrow({ where: { id: ids.api } });
    const expiresAt = new Date(Date.now() + 600_000);
    const rolledBack = new Error("rollback");
    await expect(
      db().$transaction(async (tx) => {
        const scheduled = await fireTrigger(tx, { trigger: triggerRow, source: "SCHEDULE", actorId: null, input: {} });
        expect(scheduled.results.find((result) => result.automationId === ids.required)).toMatchObject({
          outcome: "FAILED",
          errorCode: "CALLER_CREDENTIALS_REQUIRED",
        });
        expect(scheduled.sessions).toHaveLength(3);
        const fired = await fireTrigger(tx, {
          trigger: triggerRow,
          source: "API",
          actorId: world.people.owner.actor.userId,
          input: {},
          callerCredentials: { integrations: { [HTTP]: { token: "t" } } },
          callerCredentialExpiresAt: expiresAt,
        });
        const session = fired.sessions.find((s) => s.automationId === ids.required)!;
        const turn = await tx.turn.findFirstOrThrow({ where: { sessionId: session.sessionId } });
        expect((await readCallerGrant(tx, turn.id))?.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
        const echoSession = fired.sessions.find((s) => s.automationId === ids.echo)!;
        const echoTurn = await tx.turn.findFirstOrThrow({ where: { sessionId: echoSession.sessionId } });
        expect(await readCallerGrant(tx, echoTurn.id)).toBeNull();
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});

describe("who may fire what", () => {
  it("is the uniform 404 for other organizations, unknown ids, non-members and bad keys", async () => {
    expect((await fire({ triggerId: ids.globex })).status).toBe(404);
    expect((await fire({ triggerId: crypto.randomUUID() })).status).toBe(404);
    expect((await fire({ triggerId: ids.sales })).status).toBe(404);
    expect((await fire({ triggerId: ids.api }, { key: "yk_invalid" })).status).toBe(404);
    expect((await fire({ triggerId: ids.api }, { key: world.people.owner.token })).status).toBe(404);
  });

  it("is 403 for a viewer, 400 for a schedule trigger, 409 for an inactive one, 400 for a past expiry", async () => {
    expect((await fire({ triggerId: ids.api }, { key: world.people.viewer.key })).body.error.code).toBe("FORBIDDEN");
    expect(await fire({ triggerId: ids.schedule })).toMatchObject({
      status: 400,
      body: { error: { code: "VALIDATION", details: { field: "triggerId" } } },
    });
    expect(await fire({ triggerId: ids.inactive })).toMatchObject({
      status: 409,
      body: { error: { code: "CONFLICT" } },
    });
    const past = await fire({
      triggerId: ids.api,
      callerCredentialExpiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past).toMatchObject({
      status: 400,
      body: { error: { code: "VALIDATION", details: { field: "callerCredentialExpiresAt" } } },
    });
    expect(await firingsOf(ids.inactive)).toHaveLength(0);
  });

  it("strips unknown body fields but keeps callerCredentials strict", async () => {
    expect((await fire({ triggerId: ids.empty, surprise: 1 })).status).toBe(202);
    const strict = await fire({ triggerId: ids.empty, callerCredentials: { integrations: {}, extra: true } });
    expect(strict).toMatchObject({ status: 400, body: { error: { code: "VALIDATION" } } });
  });
});

describe("idempotency (spec 4.5 rules 1-8)", () => {
  const key = () => `k:${crypto.randomUUID()}`;

  it("replays with the original body and header; the header key wins over the body key", async () => {
    const k = key();
    const before = (await firingsOf(ids.sales)).length;
    const first = await fire(
      { triggerId: ids.sales, input: { prompt: "x" } },
      { key: world.people.owner.key, headers: { "idempotency-key": k } },
    );
    expect(first.status).toBe(202);
    const again = await fire(
      { triggerId: ids.sales, input: { prompt: "x" }, idempotencyKey: "ignored-body-key" },
      { key: world.people.owner.key, headers: { "idempotency-key": k } },
    );
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const byBody = await fire(
      { triggerId: ids.sales, input: { prompt: "x" }, idempotencyKey: k },
      { key: world.people.owner.key },
    );
    expect(byBody.headers.get("idempotency-replayed")).toBe("true");
    expect(await firingsOf(ids.sales)).toHaveLength(before + 1);
  });

  it("refuses the same key with a different input, target or refreshed credential (409 IDEMPOTENCY_KEY_REUSED)", async () => {
    const k = key();
    const body = {
      triggerId: ids.api,
      input: { prompt: "a" },
      callerCredentials: { integrations: { [HTTP]: { token: "one" } } },
    };
    expect((await fire(body, { headers: { "idempotency-key": k } })).status).toBe(202);
    for (const changed of [
      { ...body, input: { prompt: "b" } },
      { ...body, triggerId: ids.empty },
      { ...body, callerCredentials: { integrations: { [HTTP]: { token: "two" } } } },
      { triggerId: ids.api, input: { prompt: "a" } },
    ]) {
      expect((await fire(changed, { headers: { "idempotency-key": k } })).body.error.code).toBe(
        "IDEMPOTENCY_KEY_REUSED",
      );
    }
    // Key order inside the input does not make a different request.
    const reordered = await fire(
      { callerCredentials: body.callerCredentials, input: { prompt: "a" }, triggerId: ids.api },
      { headers: { "idempotency-key": k } },
    );
    expect(reordered.headers.get("idempotency-replayed")).toBe("true");
  });

  it("rejects bad keys, repeated and comma-separated headers with 400 and stores nothing", async () => {
    for (const header of ["a,b", "a, b", "has space", "x".repeat(129)]) {
      expect(
        (await fire({ triggerId: ids.empty }, { headers: { "idempotency-key": header } })).body.error,
      ).toMatchObject({ code: "VALIDATION", details: { field: "idempotencyKey" } });
    }
    const headers = new Headers({
      authorization: `Bearer ${world.people.operator.key}`,
      "content-type": "application/json",
    });
    headers.append("idempotency-key", "one");
    headers.append("idempotency-key", "two");
    const repeated = await handleOpenApiRequest(
      new Request("http://127.0.0.1/api/v1/triggers/fire", {
        method: "POST",
        headers,
        body: JSON.stringify({ triggerId: ids.empty }),
      }),
      "v1",
    );
    expect(repeated.status).toBe(400);
  });

  it("stores no outcome for a refusal, scopes keys per organization and lets keyless retries fire again", async () => {
    const k = key();
    expect((await fire({ triggerId: ids.inactive }, { headers: { "idempotency-key": k } })).status).toBe(409);
    const after = await fire({ triggerId: ids.empty }, { headers: { "idempotency-key": k } });
    expect(after.status).toBe(202);
    expect(after.headers.get("idempotency-replayed")).toBeNull();
    const otherOrg = await fire(
      { triggerId: ids.globex },
      { key: world.people.globexOwner.key, headers: { "idempotency-key": k } },
    );
    expect(otherOrg.status).toBe(202);
    expect(otherOrg.headers.get("idempotency-replayed")).toBeNull();
    const before = (await firingsOf(ids.empty)).length;
    await fire({ triggerId: ids.empty });
    await fire({ triggerId: ids.empty });
    expect(await firingsOf(ids.empty)).toHaveLength(before + 2);
  });

  it("fans out exactly once for 25 concurrent duplicates", async () => {
    const k = key();
    const before = (await firingsOf(ids.api)).length;
    const body = {
      triggerId: ids.api,
      input: { prompt: marker() },
      callerCredentials: { integrations: { [HTTP]: { token: "c" } } },
    };
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => fire(body, { headers: { "idempotency-key": k } })),
    );
    const accepted = responses.filter((response) => response.status === 202);
    const inProgress = responses.filter((response) => response.status === 409);
    expect(accepted.length + inProgress.length).toBe(25);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    for (const response of inProgress) {
      expect(response.body.error.code).toBe("IDEMPOTENCY_IN_PROGRESS");
      expect(response.headers.get("retry-after")).toBe("2");
    }
    expect(accepted.filter((response) => response.headers.get("idempotency-replayed") === null)).toHaveLength(1);
    for (const response of accepted) expect(response.body).toEqual(accepted[0]!.body);
    expect(await firingsOf(ids.api)).toHaveLength(before + 1);
    const replay = await fire(body, { headers: { "idempotency-key": k } });
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(accepted[0]!.body);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import { openTurnWithoutJob, publishAgent, startEngine, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { startWebhookReceiver } from "../../../../test/webhook-receiver";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { failTurnTx } from "@/server/services/sessions/fail-turn";

// Customer completion webhooks through the v1 routes, the real queue and workers, and a real
// receiver that verifies every signature (X-Service-Timestamp / X-Service-Signature, spec 6.2).

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let secret = "unset";
let agentId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver(() => secret);
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  // Three attempts a few hundred milliseconds apart instead of hours.
  env.WEBHOOK_RETRY_SCHEDULE = "0,0.3,0.3";
  await startEngine();
  world = await agentsWorld();
  agentId = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

beforeEach(async () => {
  receiver.reset();
  // One endpoint at a time: each case registers the one it needs.
  await db().webhookEndpoint.deleteMany({ where: { organizationId: world.acme.id } });
});

const owner = () => world.people.owner.key;

async function register(body: Record<string, unknown> = {}) {
  const response = await api("POST", "/webhook-endpoints", {
    credential: owner(),
    body: { url: receiver.url, eventTypes: ["turn.completed", "turn.failed"], ...body },
  });
  expect(response.status).toBe(201);
  secret = response.body.secret;
  return response.body.endpoint.id as string;
}

/** Opens a session on the echo agent and waits for its first turn to settle. */
async function runTurn(credential = owner(), automationId = agentId) {
  const opened = await api("POST", `/agents/${automationId}/sessions`, { credential, body: { message: "hello" } });
  expect(opened.status).toBe(202);
  await waitForTurn(opened.body.executionId);
  return opened.body as { sessionId: string; executionId: string };
}

type TDeliveryItem = {
  id: string;
  eventId: string;
  status: string;
  attempts: Array<{ number: number; manual: boolean; statusCode: number | null }>;
};

async function deliveriesOf(endpointId: string, until: (items: TDeliveryItem[]) => boolean): Promise<TDeliveryItem[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await api("GET", `/webhook-endpoints/${endpointId}/deliveries`, { credential: owner() });
    expect(response.status).toBe(200);
    if (until(response.body.items)) return response.body.items;
    if (Date.now() > deadline) throw new Error(`deliveries stayed ${JSON.stringify(response.body.items)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("webhook endpoints API", () => {
  it("shows the signing secret once: in the create answer, never in GET, list or an idempotent replay", async () => {
    const headers = { "idempotency-key": `create-${crypto.randomUUID()}` };
    const body = { url: receiver.url, eventTypes: ["turn.completed"], description: "ops" };
    const created = await api("POST", "/webhook-endpoints", { credential: owner(), body, headers });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(created.body.endpoint).toMatchObject({ url: receiver.url, enabled: true, description: "ops" });
    expect(created.body.endpoint.secretHint).toBe(`…${created.body.secret.slice(-4)}`);
    const id = created.body.endpoint.id;

    const replay = await api("POST", "/webhook-endpoints", { credential: owner(), body, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual({ endpoint: created.body.endpoint, secret: null });

    const read = await api("GET", `/webhook-endpoints/${id}`, { credential: owner() });
    const list = await api("GET", "/webhook-endpoints", { credential: owner() });
    expect(read.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, limit: 50, offset: 0 });
    for (const text of [JSON.stringify(read.body), JSON.stringify(list.body)])
      expect(text).not.toContain(created.body.secret);
    // Stored sealed, never in clear.
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row.secret).not.toContain(created.body.secret);
  });

  it("refuses invalid input with 400 VALIDATION", async () => {
    const cases: Array<Record<string, unknown>> = [
      { url: receiver.url, eventTypes: ["turn.exploded"] },
      { url: receiver.url, eventTypes: [] },
      { url: "ftp://example.com/hook", eventTypes: ["turn.completed"] },
      { url: "http://example.com/hook", eventTypes: ["turn.completed"] },
      { url: "https://10.0.0.1/hook", eventTypes: ["turn.completed"] },
      { url: receiver.url, eventTypes: ["turn.completed"], secret: "mine" },
    ];
    for (const body of cases) {
      const response = await api("POST", "/webhook-endpoints", { credential: owner(), body });
      expect([JSON.stringify(body), response.status, response.body.error.code]).toEqual([
        JSON.stringify(body),
        400,
        "VALIDATION",
      ]);
    }
    const id = await register();
    const patch = await api("PATCH", `/webhook-endpoints/${id}`, {
      credential: owner(),
      body: { eventTypes: "turn.completed" },
    });
    expect(patch.status).toBe(400);
    const page = await api("GET", "/webhook-endpoints?limit=0", { credential: owner() });
    expect(page.status).toBe(400);
  });

  it("answers the uniform 404 for another organization's endpoint, and 403 to a member who is no admin", async () => {
    const id = await register();
    const other = world.people.globexOwner.key;
    const routes: Array<[string, string, unknown?]> = [
      ["GET", `/webhook-endpoints/${id}`],
      ["PATCH", `/webhook-endpoints/${id}`, { enabled: false }],
      ["DELETE", `/webhook-endpoints/${id}`],
      ["GET", `/webhook-endpoints/${id}/deliveries`],
      ["POST", `/webhook-endpoints/${id}/deliveries/${crypto.randomUUID()}/redeliver`],
      ["GET", "/webhook-endpoints/not-a-uuid"],
    ];
    for (const [method, path, body] of routes) {
      const response = await api(method, path, { credential: other, body });
      expect([method, path, response.status, response.body.error.code]).toEqual([method, path, 404, "NOT_FOUND"]);
    }
    const member = await api("GET", `/webhook-endpoints/${id}`, { credential: world.people.operator.key });
    expect(member.status).toBe(403);
  });

  it("changes and deletes an endpoint", async () => {
    const id = await register();
    const patched = await api("PATCH", `/webhook-endpoints/${id}`, {
      credential: owner(),
      body: { enabled: false, eventTypes: ["run.failed"], description: "later" },
    });
    expect(patched.body).toMatchObject({ enabled: false, eventTypes: ["run.failed"], description: "later" });
    expect((await api("DELETE", `/webhook-endpoints/${id}`, { credential: owner() })).status).toBe(204);
    expect((await api("GET", `/webhook-endpoints/${id}`, { credential: owner() })).status).toBe(404);
  });
});

describe("the console's twins", () => {
  it("create shows the secret once, the list never; members who are no admin are refused", async () => {
    const console = (await consoleAs(world.people.owner)).webhookEndpoints;
    const created = await console.consoleCreate({ url: receiver.url, eventTypes: ["turn.completed"] });
    expect(created.secret).toMatch(/^whsec_/);
    const listed = await console.consoleList({});
    expect(listed.items.map((item) => item.id)).toEqual([created.endpoint.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret!);
    const member = (await consoleAs(world.people.operator)).webhookEndpoints;
    expect(await refusalOf(member.consoleList({}))).toBe("FORBIDDEN 403");
  });
});

describe("turn.completed deliveries", () => {
  it("delivers exactly one signed turn.completed when a session's turn completes", async () => {
    const endpointId = await register();
    const { sessionId, executionId } = await runTurn();
    const [delivery] = await deliveriesOf(endpointId, (items) => items[0]?.status === "SUCCEEDED");
    expect(receiver.hits).toHaveLength(1);
    const [hit] = receiver.hits;
    expect(hit!.verified).toBe(true);
    const event = JSON.parse(hit!.body);
    expect(event).toMatchObject({
      id: delivery!.eventId,
      type: "turn.completed",
      data: { sessionId, executionId, automationId: agentId, status: "completed", error: null },
    });
    expect(Object.keys(event).sort()).toEqual(["createdAt", "data", "id", "type"]);
    expect(hit!.body).not.toContain("hello");
    expect(await db().customerEvent.count({ where: { organizationId: world.acme.id, id: event.id } })).toBe(1);
    expect(delivery!.attempts).toMatchObject([{ number: 1, manual: false, statusCode: 200 }]);
  });

  it("retries a failing receiver with the same event id and bytes; redeliver adds a manual attempt", async () => {
    const endpointId = await register();
    receiver.answer({ status: 500 });
    await runTurn();
    const [delivery] = await deliveriesOf(endpointId, (items) => items[0]?.status === "SUCCEEDED");
    expect(receiver.hits.map((hit) => hit.verified)).toEqual([true, true]);
    expect(receiver.hits[0]!.body).toBe(receiver.hits[1]!.body);
    expect(delivery!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 200]);

    const redelivered = await api("POST", `/webhook-endpoints/${endpointId}/deliveries/${delivery!.id}/redeliver`, {
      credential: owner(),
    });
    expect(redelivered.status).toBe(200);
    expect(redelivered.body.succeeded).toBe(true);
    expect(redelivered.body.delivery.attempts.at(-1)).toMatchObject({ number: 3, manual: true, statusCode: 200 });
    expect(receiver.hits).toHaveLength(3);
    expect(receiver.hits[2]!.body).toBe(receiver.hits[0]!.body);
  });

  it("announces a failed turn as turn.failed with its error, in the settle's transaction only", async () => {
    const endpointId = await register();
    const { sessionId, turnId } = await openTurnWithoutJob(world.people.owner.actor.userId, agentId, "fail me");
    const failure = { sessionId, turnId, code: "TURN_DEADLINE_EXCEEDED", message: "Too slow." };
    // A settle that rolls back leaves no event behind.
    await expect(
      db().$transaction(async (tx) => {
        await failTurnTx(tx, failure);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await db().webhookDelivery.count({ where: { endpointId } })).toBe(0);

    await db().$transaction((tx) => failTurnTx(tx, failure));
    await deliveriesOf(endpointId, (items) => items[0]?.status === "SUCCEEDED");
    expect(receiver.hits).toHaveLength(1);
    expect(JSON.parse(receiver.hits[0]!.body)).toMatchObject({
      type: "turn.failed",
      data: {
        sessionId,
        executionId: turnId,
        status: "failed",
        error: { code: "TURN_DEADLINE_EXCEEDED", message: "Too slow." },
      },
    });
  });

  it("records nothing for an organization without an enabled endpoint subscribed to the type", async () => {
    const before = await db().customerEvent.count({ where: { organizationId: world.acme.id } });
    await runTurn();
    await register({ eventTypes: ["turn.failed"] });
    await runTurn();
    await register({ enabled: false, eventTypes: ["turn.completed"] });
    await runTurn();
    expect(await db().customerEvent.count({ where: { organizationId: world.acme.id } })).toBe(before);
    expect(receiver.hits).toHaveLength(0);
  });
});

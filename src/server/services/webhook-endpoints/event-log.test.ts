import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { consoleAs } from "../../../../test/console-kit";
import { publishAgent, startEngine, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { startWebhookReceiver } from "../../../../test/webhook-receiver";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { pruneWebhookEvents } from "./event-log";

// The completion event log (/api/v1/webhook-events) through the v1 routes, the real queue and
// workers, and a real receiver that verifies every signature.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let secret = "unset";
let agentId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver(() => secret);
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
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
  await db().webhookEndpoint.deleteMany({ where: { organizationId: world.acme.id } });
  await db().customerEvent.deleteMany({ where: { organizationId: world.acme.id } });
});

const owner = () => world.people.owner.key;

async function register(eventTypes: string[] = ["turn.completed"], enabled = true) {
  const response = await api("POST", "/webhook-endpoints", {
    credential: owner(),
    body: { url: receiver.url, eventTypes, enabled },
  });
  expect(response.status).toBe(201);
  return { id: response.body.endpoint.id as string, secret: response.body.secret as string };
}

/** Events written straight to the log: `at` decides createdAt, so several can share one millisecond. */
async function seed(organizationId: string, events: Array<{ type: string; at: Date }>) {
  const rows = events.map(({ type, at }) => {
    const id = randomUUID();
    const body = JSON.stringify({
      id,
      type,
      createdAt: at.toISOString(),
      data: {
        sessionId: randomUUID(),
        executionId: randomUUID(),
        automationId: randomUUID(),
        status: type.endsWith("completed") ? "completed" : "failed",
        error: null,
        usage: { inputTokens: 1, outputTokens: 2 },
      },
    });
    return { id, organizationId, type, body, createdAt: at };
  });
  await db().customerEvent.createMany({ data: rows });
  return rows;
}

/** Follows `nextCursor` in `param` from `first` until it is null: every id in the order served. */
async function walk(query: string, param: "before" | "after", first?: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor = first;
  for (let pages = 0; pages < 20; pages++) {
    const path = `/webhook-events?${query}${cursor ? `&${param}=${cursor}` : ""}`;
    const response = await api("GET", path, { credential: owner() });
    expect(response.status).toBe(200);
    ids.push(...response.body.items.map((item: { id: string }) => item.id));
    if (response.body.nextCursor === null) return ids;
    cursor = response.body.nextCursor;
  }
  throw new Error("more than 20 pages");
}

describe("the event log", () => {
  it("pages by (createdAt, id) both ways without repeats or gaps, even within one millisecond", async () => {
    const base = Date.now() - 60_000;
    const same = new Date(base + 1000);
    const rows = await seed(world.acme.id, [
      { type: "turn.completed", at: new Date(base) },
      { type: "turn.failed", at: same },
      { type: "turn.completed", at: same },
      { type: "run.completed", at: same },
      { type: "turn.completed", at: same },
      { type: "turn.failed", at: new Date(base + 2000) },
      { type: "turn.completed", at: new Date(base + 3000) },
    ]);
    const key = (row: { createdAt: Date; id: string }) => `${row.createdAt.toISOString()} ${row.id}`;
    const newestFirst = [...rows].sort((a, b) => (key(a) < key(b) ? 1 : -1)).map((row) => row.id);

    expect(await walk("limit=2", "before")).toEqual(newestFirst);
    expect(await walk("limit=3", "after", newestFirst.at(-1))).toEqual([...newestFirst].reverse().slice(1));
    const completed = rows.filter((row) => row.type === "turn.completed").map((row) => row.id);
    expect(await walk("limit=1&type=turn.completed", "before")).toEqual(
      newestFirst.filter((id) => completed.includes(id)),
    );

    // Exactly as stored: the delivery's bytes, parsed.
    const one = await api("GET", `/webhook-events/${rows[2]!.id}`, { credential: owner() });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(JSON.parse(rows[2]!.body));
    const page = await api("GET", "/webhook-events?limit=1", { credential: owner() });
    expect(page.body.items[0]).toEqual(JSON.parse(rows.find((row) => row.id === newestFirst[0])!.body));
  });

  it("refuses bad queries with 400 and hides other organizations' events behind the uniform 404", async () => {
    const [own] = await seed(world.acme.id, [{ type: "turn.completed", at: new Date() }]);
    const [theirs] = await seed(world.globex.id, [{ type: "turn.completed", at: new Date() }]);
    for (const query of [
      "limit=0",
      "limit=101",
      "type=turn.exploded",
      `before=${theirs!.id}`,
      `after=${randomUUID()}`,
      `before=${own!.id}&after=${own!.id}`,
      "cursor=x",
    ]) {
      const response = await api("GET", `/webhook-events?${query}`, { credential: owner() });
      expect([query, response.status, response.body.error?.code]).toEqual([query, 400, "VALIDATION"]);
    }
    const endpoint = await register();
    const routes: Array<[string, string, unknown?]> = [
      ["GET", `/webhook-events/${theirs!.id}`],
      ["GET", "/webhook-events/not-a-uuid"],
      ["POST", `/webhook-events/${theirs!.id}/resend`, { endpointId: endpoint.id }],
    ];
    for (const [method, path, body] of routes) {
      const response = await api(method, path, { credential: owner(), body });
      expect([method, path, response.status, response.body.error.code]).toEqual([method, path, 404, "NOT_FOUND"]);
    }
    // Another organization's owner: the uniform 404 for this organization's event and endpoint.
    const other = world.people.globexOwner.key;
    expect((await api("GET", `/webhook-events/${own!.id}`, { credential: other })).status).toBe(404);
    const foreign = await api("POST", `/webhook-events/${theirs!.id}/resend`, {
      credential: other,
      body: { endpointId: endpoint.id },
    });
    expect(foreign.status).toBe(404);
    const listed = await api("GET", "/webhook-events", { credential: other });
    expect(listed.body.items.map((item: { id: string }) => item.id)).not.toContain(own!.id);
    // A member who is no Owner or Admin.
    const member = world.people.operator.key;
    for (const [method, path, body] of [
      ["GET", "/webhook-events"],
      ["GET", `/webhook-events/${own!.id}`],
      ["POST", `/webhook-events/${own!.id}/resend`, { endpointId: endpoint.id }],
    ] as Array<[string, string, unknown?]>) {
      const response = await api(method, path, { credential: member, body });
      expect([method, path, response.status]).toEqual([method, path, 403]);
    }
  });

  it("keeps events 30 days: older ones are neither listed nor read, and the sweep removes them", async () => {
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const [stale, fresh] = await seed(world.acme.id, [
      { type: "turn.completed", at: old },
      { type: "turn.completed", at: new Date() },
    ]);
    const listed = await api("GET", "/webhook-events", { credential: owner() });
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([fresh!.id]);
    expect((await api("GET", `/webhook-events/${stale!.id}`, { credential: owner() })).status).toBe(404);
    expect(await pruneWebhookEvents()).toBeGreaterThanOrEqual(1);
    expect(await db().customerEvent.count({ where: { id: { in: [stale!.id, fresh!.id] } } })).toBe(1);
  });
});

describe("resend", () => {
  it("sends the same id and bytes to another endpoint, once per Idempotency-Key, and redelivers to one that had it", async () => {
    const first = await register();
    secret = first.secret;
    const opened = await api("POST", `/agents/${agentId}/sessions`, { credential: owner(), body: { message: "hi" } });
    expect(opened.status).toBe(202);
    await waitForTurn(opened.body.executionId);
    const deadline = Date.now() + 15_000;
    while (receiver.hits.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(receiver.hits).toHaveLength(1);
    const original = receiver.hits[0]!.body;
    const eventId = JSON.parse(original).id as string;
    const listed = await api("GET", "/webhook-events?type=turn.completed", { credential: owner() });
    expect(listed.body.items).toEqual([JSON.parse(original)]);

    // A second endpoint registered after the event never had it: a new delivery, same bytes.
    const second = await register(["turn.completed", "turn.failed"]);
    secret = second.secret;
    const headers = { "idempotency-key": `resend-${randomUUID()}` };
    const resent = await api("POST", `/webhook-events/${eventId}/resend`, {
      credential: owner(),
      body: { endpointId: second.id },
      headers,
    });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({
      succeeded: true,
      delivery: { eventId, eventType: "turn.completed", status: "SUCCEEDED", attempts: [{ number: 1, manual: true }] },
    });
    expect(receiver.hits).toHaveLength(2);
    expect(receiver.hits[1]!.verified).toBe(true);
    expect(receiver.hits[1]!.body).toBe(original);

    const replay = await api("POST", `/webhook-events/${eventId}/resend`, {
      credential: owner(),
      body: { endpointId: second.id },
      headers,
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(resent.body);
    expect(receiver.hits).toHaveLength(2);
    expect(await db().webhookDelivery.count({ where: { customerEventId: eventId } })).toBe(2);

    // The endpoint that had it: a manual attempt on its delivery (redeliver).
    secret = first.secret;
    const again = await api("POST", `/webhook-events/${eventId}/resend`, {
      credential: owner(),
      body: { endpointId: first.id },
    });
    expect(again.body.delivery.attempts.map((a: { manual: boolean }) => a.manual)).toEqual([false, true]);
    expect(receiver.hits.at(-1)!.body).toBe(original);
    expect(receiver.hits.at(-1)!.verified).toBe(true);

    // Refused: an endpoint not subscribed to the type, a disabled one; and the console's twin.
    const failedOnly = await register(["turn.failed"]);
    const disabled = await register(["turn.completed"], false);
    for (const endpointId of [failedOnly.id, disabled.id]) {
      const refused = await api("POST", `/webhook-events/${eventId}/resend`, {
        credential: owner(),
        body: { endpointId },
      });
      expect([refused.status, refused.body.error.code]).toEqual([409, "CONFLICT"]);
    }
    const console = (await consoleAs(world.people.owner)).webhookEvents;
    expect((await console.consoleList({})).items.map((item) => item.id)).toEqual([eventId]);
    secret = second.secret;
    expect((await console.consoleResend({ eventId, endpointId: second.id })).succeeded).toBe(true);
    expect(receiver.hits.at(-1)!.body).toBe(original);
  });
});

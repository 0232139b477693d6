import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../../../../test/agents-kit";
import {
  publishAgent,
  startEngine,
  startReceiver,
  stopEngine,
  waitForTurn,
} from "../../../../../../../test/sessions-kit";
import type { TEventFilter } from "@/contracts/triggers/trigger";
import { EVENT_FILTER_CASES } from "../../../../../../../test/event-filter-cases";
import { countStatements, useCountingDatabase } from "../../../../../../../test/statement-count-kit";
import { db, useDatabase } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { createTrigger } from "@/server/services/triggers/create-trigger";
import { ingressSignature } from "@/server/services/triggers/ingress-signature";
import { disableEventTriggers, enableEventTriggers } from "@/server/services/triggers/rollout";
import { setTriggerActive } from "@/server/services/triggers/set-trigger-active";
import { subscribeAutomation } from "@/server/services/triggers/subscriptions";
import { GET, POST } from "./route";

// The event ingress through its real route handler, queue, workers and flow runner, with a real
// HTTP receiver on loopback standing in for the subscriber flow's upstream.

const HTTP = "service.http";
const SECRET = "whsec-test-secret-0123456789";
let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let connectionId: string;
let flowId: string;
let requiredId: string;

type TResponse = { status: number; headers: Headers; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
type TDelivery = {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  sign?: { secret?: string; timestamp?: number } | false;
};

const marker = () => `m${crypto.randomUUID().slice(0, 12)}`;
const tokenOf = (ingressUrl: string) => ingressUrl.split("/").pop()!;

async function deliver(token: string, delivery: TDelivery = {}): Promise<TResponse> {
  const raw = delivery.raw ?? JSON.stringify(delivery.body ?? { payload: {} });
  const headers: Record<string, string> = { "content-type": "application/json", ...delivery.headers };
  if (delivery.sign) {
    const timestamp = String(delivery.sign.timestamp ?? Math.floor(Date.now() / 1000));
    headers["x-service-timestamp"] = timestamp;
    headers["x-service-signature"] = ingressSignature(delivery.sign.secret ?? SECRET, timestamp, raw);
  }
  const response = await POST(
    new Request(`http://127.0.0.1/api/v1/triggers/ingress/${token}`, { method: "POST", headers, body: raw }),
    { params: Promise.resolve({ token }) },
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

async function eventTrigger(options: { secret?: string; filter?: TEventFilter; subscribers?: string[] } = {}) {
  const { trigger } = await createTrigger(world.people.owner.actor, {
    type: "event",
    domainId: world.acme.ops,
    name: `Webhook ${marker()}`,
    sourceIntegrationId: HTTP,
    connectionId,
    eventType: "webhook.received",
    ...(options.secret ? { endpointSecret: options.secret } : {}),
    ...(options.filter ? { eventFilter: options.filter } : {}),
  });
  for (const automationId of options.subscribers ?? [flowId])
    await subscribeAutomation(world.people.owner.actor, { triggerId: trigger.id, automationId });
  if (trigger.type !== "event") throw new Error("expected an event trigger");
  return { id: trigger.id, token: tokenOf(trigger.ingressUrl) };
}

const firingsOf = (triggerId: string) =>
  db().triggerFiring.findMany({ where: { triggerId }, include: { results: true }, orderBy: { createdAt: "asc" } });

async function flowInputs(m: string): Promise<unknown[]> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const seen = receiver.withMarker(m);
    if (seen.length) return seen.map((request) => JSON.parse(request.body));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  await enableEventTriggers(world.acme.id);
  const owner = world.people.owner.actor;
  ({
    connection: { id: connectionId },
  } = await createConnection(owner, {
    domainId: world.acme.ops,
    integrationId: HTTP,
    name: "HTTP",
    token: "org-token",
  }));
  const { flow } = await createAndPublishFlow(owner, {
    domainId: world.acme.ops,
    name: "Event flow",
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
  flowId = flow.id;
  requiredId = await publishAgent(
    owner,
    world.acme.ops,
    {
      model: "builtin:procedure",
      procedure: `#service.http.get ${JSON.stringify({ url: `${receiver.base}/caller` })}`,
    },
    { bindingPolicies: { [HTTP]: "caller_required" } },
  );
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

describe("signed delivery", () => {
  it("fans a signed event out, delivering { eventType, occurredAt, actor, payload } and refusing caller-required subscribers", async () => {
    const trigger = await eventTrigger({ secret: SECRET, subscribers: [flowId, requiredId] });
    const m = marker();
    const event = {
      actor: { id: "u-7", email: "ada@example.com" },
      occurredAt: "2026-11-22T08:00:00+01:00",
      payload: { order: { id: 42, note: m } },
    };
    const response = await deliver(trigger.token, { body: event, sign: {} });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.body).toEqual({ matched: true, firingId: expect.any(String) });

    expect(await flowInputs(m)).toEqual([
      {
        eventType: "webhook.received",
        occurredAt: "2026-11-22T07:00:00.000Z",
        actor: event.actor,
        payload: event.payload,
      },
    ]);
    const [firing] = await firingsOf(trigger.id);
    expect(firing).toMatchObject({ id: response.body.firingId, source: "EVENT", actorId: null });
    const byAutomation = Object.fromEntries(firing!.results.map((result) => [result.automationId, result]));
    expect(byAutomation[flowId]).toMatchObject({ outcome: "STARTED" });
    expect(byAutomation[requiredId]).toMatchObject({
      outcome: "FAILED",
      errorCode: "CALLER_CREDENTIALS_REQUIRED",
      sessionId: null,
    });
    const session = await db().agentSession.findUniqueOrThrow({ where: { id: byAutomation[flowId]!.sessionId! } });
    expect(session).toMatchObject({ origin: "TRIGGER", ownerId: null });
    await waitForTurn((await db().turn.findFirstOrThrow({ where: { sessionId: session.id } })).id);
  });

  it("refuses unsigned calls, wrong secrets, tampered bodies and stale timestamps with 401, starting nothing", async () => {
    const trigger = await eventTrigger({ secret: SECRET });
    const unsigned = await deliver(trigger.token);
    expect(unsigned).toMatchObject({ status: 401, body: { error: { code: "UNAUTHORIZED" } } });
    expect(unsigned.body.error.message).toContain("X-Service-Signature");
    expect((await deliver(trigger.token, { sign: { secret: "another-secret-0123456789" } })).status).toBe(401);
    const stale = await deliver(trigger.token, { sign: { timestamp: Math.floor(Date.now() / 1000) - 301 } });
    expect(stale).toMatchObject({ status: 401 });
    expect(stale.body.error.message).toContain("300 seconds");
    expect((await deliver(trigger.token, { sign: { timestamp: Math.floor(Date.now() / 1000) + 400 } })).status).toBe(
      401,
    );

    const raw = JSON.stringify({ payload: { amount: 1 } });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const tampered = await deliver(trigger.token, {
      raw: JSON.stringify({ payload: { amount: 1000 } }),
      headers: { "x-service-timestamp": timestamp, "x-service-signature": ingressSignature(SECRET, timestamp, raw) },
    });
    expect(tampered.status).toBe(401);
    expect(
      (
        await deliver(trigger.token, {
          headers: { "x-service-timestamp": timestamp, "x-service-signature": "md5=abc" },
        })
      ).status,
    ).toBe(401);
    expect(await firingsOf(trigger.id)).toHaveLength(0);
    expect(JSON.stringify(unsigned.body)).not.toContain(SECRET);
  });

  it("answers a redelivery of the same signed request, or of the same Idempotency-Key, with the first outcome", async () => {
    const trigger = await eventTrigger({ secret: SECRET });
    const raw = JSON.stringify({ payload: { n: marker() } });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      "x-service-timestamp": timestamp,
      "x-service-signature": ingressSignature(SECRET, timestamp, raw),
    };
    const first = await deliver(trigger.token, { raw, headers });
    const again = await deliver(trigger.token, { raw, headers });
    expect(first.status).toBe(202);
    expect(again).toMatchObject({ status: 202, body: first.body });
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(await firingsOf(trigger.id)).toHaveLength(1);

    // Re-signed with a new timestamp but carrying the sender's delivery id: still one firing.
    const keyed = { body: { payload: { n: 1 } }, headers: { "idempotency-key": `delivery-${marker()}` } };
    const k1 = await deliver(trigger.token, { ...keyed, sign: {} });
    const k2 = await deliver(trigger.token, { ...keyed, sign: { timestamp: Math.floor(Date.now() / 1000) - 5 } });
    expect(k2).toMatchObject({ status: 202, body: k1.body });
    expect(k2.headers.get("idempotency-replayed")).toBe("true");
    const reused = await deliver(trigger.token, { body: { payload: { n: 2 } }, headers: keyed.headers, sign: {} });
    expect(reused).toMatchObject({ status: 409, body: { error: { code: "IDEMPOTENCY_KEY_REUSED" } } });
    expect(await firingsOf(trigger.id)).toHaveLength(2);
  });
});

describe("trigger state and body", () => {
  it("accepts unsigned calls only for a trigger without an endpoint secret", async () => {
    const trigger = await eventTrigger();
    expect(await deliver(trigger.token)).toMatchObject({ status: 202, body: { matched: true } });
    expect(await firingsOf(trigger.id)).toHaveLength(1);
  });

  it("is 404 for unknown tokens and tokens of other trigger types, 405 for other methods", async () => {
    expect((await deliver("x".repeat(43))).status).toBe(404);
    expect((await deliver("short")).body.error.code).toBe("NOT_FOUND");
    const response = await GET(new Request("http://127.0.0.1/api/v1/triggers/ingress/x"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("refuses bodies that do not match { actor?, occurredAt?, payload } with 400 naming the field", async () => {
    const trigger = await eventTrigger({ secret: SECRET });
    const missing = await deliver(trigger.token, { body: { data: {} }, sign: {} });
    expect(missing).toMatchObject({ status: 400, body: { error: { code: "VALIDATION" } } });
    expect(missing.body.error.details.issues.map((issue: { path: string }) => issue.path)).toEqual(
      expect.arrayContaining(["payload"]),
    );
    expect((await deliver(trigger.token, { raw: "{not json", sign: {} })).status).toBe(400);
    expect((await deliver(trigger.token, { body: { payload: {}, actor: { role: "admin" } }, sign: {} })).status).toBe(
      400,
    );
    expect((await deliver(trigger.token, { body: { payload: {}, occurredAt: "yesterday" }, sign: {} })).status).toBe(
      400,
    );
    expect(await firingsOf(trigger.id)).toHaveLength(0);
  });

  it("is 409 for an inactive trigger and 403 once the organization's rollout is withdrawn", async () => {
    const trigger = await eventTrigger({ secret: SECRET });
    await setTriggerActive(world.people.owner.actor, { triggerId: trigger.id, active: false });
    expect(await deliver(trigger.token, { sign: {} })).toMatchObject({
      status: 409,
      body: { error: { code: "CONFLICT" } },
    });
    await setTriggerActive(world.people.owner.actor, { triggerId: trigger.id, active: true });
    await disableEventTriggers(world.acme.id);
    try {
      expect(await deliver(trigger.token, { sign: {} })).toMatchObject({
        status: 403,
        body: { error: { code: "FORBIDDEN", details: { rollout: "event_triggers" } } },
      });
    } finally {
      await enableEventTriggers(world.acme.id);
    }
    expect(await firingsOf(trigger.id)).toHaveLength(0);
  });
});

describe("the rollout", () => {
  it("is also open to every organization by the instance-wide setting", async () => {
    const trigger = await eventTrigger({ filter: { field: "payload.never", operator: "equals", value: "x" } });
    await disableEventTriggers(world.acme.id);
    try {
      expect((await deliver(trigger.token)).status).toBe(403);
      await db().instanceSetting.create({ data: { key: "rollout.event_triggers", value: "all" } });
      expect(await deliver(trigger.token)).toMatchObject({ status: 202, body: { matched: false, firingId: null } });
    } finally {
      await db().instanceSetting.deleteMany({ where: { key: "rollout.event_triggers" } });
      await enableEventTriggers(world.acme.id);
    }
  });

  it("is read with the trigger, in one statement", async () => {
    const trigger = await eventTrigger({ filter: { field: "payload.never", operator: "equals", value: "x" } });
    const original = await useCountingDatabase();
    try {
      const cost = await countStatements(async () => expect((await deliver(trigger.token)).status).toBe(202));
      const reads = cost.statements.filter((sql) => /\bFROM ("public"\.)?"?(triggers|instance_settings)"?\s/.test(sql));
      expect(reads).toHaveLength(1);
      expect(reads[0]).toMatch(/instance_settings/);
    } finally {
      useDatabase(original);
    }
  });
});

describe("eventFilter", () => {
  it.each(EVENT_FILTER_CASES)("%s", async (_name, filter, event, fires) => {
    const trigger = await eventTrigger({ filter });
    const response = await deliver(trigger.token, { body: event });
    expect(response.status).toBe(202);
    expect(response.body.matched).toBe(fires);
    expect(response.body.firingId === null).toBe(!fires);
    expect(await firingsOf(trigger.id)).toHaveLength(fires ? 1 : 0);
  });
});

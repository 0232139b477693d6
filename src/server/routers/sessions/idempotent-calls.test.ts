import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { publishAgent, startEngine, stopEngine } from "../../../../test/sessions-kit";
import { db } from "@/server/db/client";

// A client whose answer was lost (a proxy forwarded the request, then answered 502) retries with
// the same Idempotency-Key: the service must answer the first outcome and do the work once.
let world: TAgentsWorld;
let echoId: string;

beforeAll(async () => {
  world = await agentsWorld();
  await startEngine({ workers: false });
  echoId = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
});

afterAll(async () => {
  await stopEngine();
});

const keyed = (key: string) => ({ "idempotency-key": key });

describe("Idempotency-Key on starts and creates", () => {
  it("a retried session open answers the first session, once, with Idempotency-Replayed", async () => {
    const key = `open-${crypto.randomUUID()}`;
    const send = () =>
      api("POST", `/agents/${echoId}/sessions`, {
        credential: world.people.operator.key,
        body: { message: "once only" },
        headers: keyed(key),
      });
    const first = await send();
    const retry = await send();
    expect(first.status).toBe(202);
    expect(retry.status).toBe(202);
    expect(retry.body).toEqual(first.body);
    expect(first.headers.get("idempotency-replayed")).toBeNull();
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    const opened = await db().agentSession.count({ where: { automationId: echoId, title: { contains: "once only" } } });
    expect(opened).toBe(1);
  });

  it("the same key with another body is 409 IDEMPOTENCY_KEY_REUSED; another person's same key is theirs", async () => {
    const key = `open-${crypto.randomUUID()}`;
    const open = (credential: string, message: string) =>
      api("POST", `/agents/${echoId}/sessions`, { credential, body: { message }, headers: keyed(key) });
    expect((await open(world.people.operator.key, "first")).status).toBe(202);
    const reused = await open(world.people.operator.key, "second");
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const someoneElse = await open(world.people.owner.key, "first");
    expect(someoneElse.status).toBe(202);
    expect(someoneElse.headers.get("idempotency-replayed")).toBeNull();
  });

  it("a retried message is stored once and names the same turn", async () => {
    const opened = await api("POST", `/agents/${echoId}/sessions`, {
      credential: world.people.operator.key,
      body: { message: "hello" },
    });
    const { sessionId } = opened.body as { sessionId: string };
    const key = `message-${crypto.randomUUID()}`;
    const send = () =>
      api("POST", `/agents/sessions/${sessionId}/messages`, {
        credential: world.people.operator.key,
        body: { message: "typed once" },
        headers: keyed(key),
      });
    const first = await send();
    const retry = await send();
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    expect(await db().sessionMessage.count({ where: { sessionId, body: "typed once" } })).toBe(1);
  });

  it("a retried create answers the first agent; a malformed key is 400 VALIDATION", async () => {
    const key = `create-${crypto.randomUUID()}`;
    const send = (headers: Record<string, string>) =>
      api("POST", "/authoring/automations", {
        credential: world.people.owner.token,
        body: { domainId: world.acme.ops, name: `Idempotent ${key.slice(-6)}` },
        headers,
      });
    const first = await send(keyed(key));
    const retry = await send(keyed(key));
    expect(first.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await db().automation.count({ where: { name: `Idempotent ${key.slice(-6)}` } })).toBe(1);
    const malformed = await send(keyed("not a key!"));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("VALIDATION");
  });

  it("a refused call stores nothing: the retry is refused the same way, not replayed", async () => {
    const opened = await api("POST", `/agents/${echoId}/sessions`, {
      credential: world.people.operator.key,
      body: { message: "no approval here" },
    });
    const { sessionId } = opened.body as { sessionId: string };
    const key = `approval-${crypto.randomUUID()}`;
    const decide = () =>
      api("POST", `/agents/sessions/${sessionId}/turn-approval`, {
        credential: world.people.operator.key,
        body: { decision: "approved" },
        headers: keyed(key),
      });
    const first = await decide();
    const retry = await decide();
    expect(first.status).toBe(409);
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe("CONFLICT");
    expect(retry.headers.get("idempotency-replayed")).toBeNull();
  });
});

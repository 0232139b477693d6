import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../src/server/db/client";
import { assistantActionsWorld, type TAssistantActionsWorld } from "./assistant-actions-kit";
import { startEngine, stopEngine, waitForTurn } from "./sessions-kit";

// The kit itself, on the real engine: a worker's message with a call line makes the assistant
// call the receiver; a message without one is echoed. Each worker here allows every action, so
// every call runs (the policies themselves are tested in services/assistant/approvals).

let world: TAssistantActionsWorld;

beforeAll(async () => {
  await startEngine();
  world = await assistantActionsWorld();
});

afterAll(async () => {
  await stopEngine();
  await world.receiver.close();
});

/** A worker whose policy allows every action. */
async function allowingWorker() {
  const worker = await world.createWorker();
  const policy = await world.call("PUT", `/workers/${worker.workerRef}/policy`, {
    body: { rules: [{ action: "*", mode: "allow" }], approval_ttl: "P1D" },
  });
  expect(policy.status).toBe(204);
  return worker;
}

async function postAndSettle(workerRef: string, body: string) {
  const posted = await world.call("POST", `/workers/${workerRef}/messages`, { body: { body } });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  const { turnId } = await db().sessionMessage.findUniqueOrThrow({
    where: { id: posted.body.id },
    select: { turnId: true },
  });
  const turn = await waitForTurn(turnId!, ["COMPLETED", "FAILED"]);
  const calls = await db().toolCall.findMany({
    where: { turnId: turnId! },
    orderBy: { index: "asc" },
    select: { toolName: true, status: true, args: true, result: true },
  });
  const replies = await world.call("GET", `/workers/${workerRef}/messages`);
  return { turn, calls, reply: replies.body.items.at(-1) as { role: string; body: string } };
}

describe("assistantActionsWorld", () => {
  it("publishes the configured assistant with seven tools and the six POST tools classified", async () => {
    const config = await db().assistantConfig.findUniqueOrThrow({
      where: { organizationId: world.orgId },
      select: { assistantAutomationId: true },
    });
    expect(config.assistantAutomationId).toBe(world.agentId);
    const agent = await db().automation.findUniqueOrThrow({
      where: { id: world.agentId },
      select: { model: true, actionClasses: true, publishedRevision: true },
    });
    expect(agent).toEqual({ model: "builtin:assistant", actionClasses: world.actionClasses, publishedRevision: 1 });
    expect(Object.values(world.tools)).toHaveLength(7);
    expect(world.actionClasses).toEqual({
      [world.tools["email.send"]]: "email.send",
      [world.tools["calendar.write"]]: "calendar.write",
      [world.tools["calendar.accept"]]: "calendar.accept",
      [world.tools["inbox.tidy"]]: "inbox.tidy",
      [world.tools["message.send"]]: "message.send",
      [world.tools.purchase]: "purchase",
    });
  });

  it("turns a callLine message into a call of that tool's path with those args", async () => {
    const { workerRef } = await allowingWorker();
    const args = { to: "ada@example.com", subject: "Lunch", text: `Noon? ${crypto.randomUUID()}` };
    const { turn, calls, reply } = await postAndSettle(
      workerRef,
      `Please send this.\n${world.callLine("email.send", args)}`,
    );
    expect(turn.status).toBe("COMPLETED");
    expect(calls).toEqual([
      {
        toolName: world.tools["email.send"],
        status: "SUCCEEDED",
        args: { body: args },
        result: expect.objectContaining({ status: 200 }),
      },
    ]);
    const received = world.receiver.requests.filter((request) => request.body.includes(args.text));
    expect(received.map((request) => [request.method, request.path, request.json])).toEqual([
      ["POST", "/actions/email.send", args],
    ]);
    expect(reply.role).toBe("assistant");
    expect(reply.body).toMatch(/^Done:/);
  });

  it("reads with the GET tool and runs several call lines in order", async () => {
    const { workerRef } = await allowingWorker();
    const marker = crypto.randomUUID();
    const before = world.receiver.requests.length;
    const message = [world.callLine("read", { q: marker }), world.callLine("purchase", { item: "socks", marker })].join(
      "\n",
    );
    const { calls } = await postAndSettle(workerRef, message);
    expect(calls.map((call) => [call.toolName, call.status])).toEqual([
      [world.tools.read, "SUCCEEDED"],
      [world.tools.purchase, "SUCCEEDED"],
    ]);
    const received = world.receiver.requests.slice(before);
    expect(received.map((request) => [request.method, request.path])).toEqual([
      ["GET", "/inbox"],
      ["POST", "/actions/purchase"],
    ]);
    expect(received[0]!.query.get("q")).toBe(marker);
  });

  it("answers the status a test sets for a path: the call's result carries it (upstream statuses are results)", async () => {
    const { workerRef } = await allowingWorker();
    world.receiver.fail("message.send", 503);
    try {
      const { calls } = await postAndSettle(
        workerRef,
        world.callLine("message.send", { channel: "general", text: "hi" }),
      );
      expect(calls.map((call) => [call.toolName, (call.result as { status: number }).status])).toEqual([
        [world.tools["message.send"], 503],
      ]);
      expect(world.receiver.to("message.send").length).toBeGreaterThan(0);
    } finally {
      world.receiver.recover("message.send");
    }
  });

  it("echoes a message without a call line and calls nothing", async () => {
    const { workerRef } = await allowingWorker();
    const before = world.receiver.requests.length;
    const { turn, calls, reply } = await postAndSettle(workerRef, "Just saying hello");
    expect(turn.status).toBe("COMPLETED");
    expect(calls).toEqual([]);
    expect(reply).toMatchObject({ role: "assistant", body: "Echo: Just saying hello" });
    expect(world.receiver.requests.length).toBe(before);
  });
});

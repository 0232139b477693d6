import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import { eventsOf, publishAgent, startEngine, startReceiver, stopEngine } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { sweepExpiredTurns } from "./recovery";
import { runTurn } from "./turn-runner";

// Deadlines and crash recovery. The test plays the worker (and its crash) by calling the turn
// loop itself on persisted state, exactly as a retried job does. Its turns are written without
// jobs, so no worker of another test file (sharing the PostgreSQL database) can take them.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let readAgent: string;
let writeAgent: string;

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine({ workers: false });
  const owner = world.people.owner.actor;
  await createConnection(owner, {
    domainId: world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: "org-token",
  });
  const call = (tool: string, path: string) =>
    `#${tool} ${JSON.stringify({ url: `${receiver.base}${path}`, query: { message: "{{message}}" } })}`;
  readAgent = await publishAgent(owner, world.acme.ops, {
    model: "builtin:procedure",
    procedure: call("service.http.get", "/read"),
  });
  writeAgent = await publishAgent(owner, world.acme.ops, {
    model: "builtin:procedure",
    procedure: call("service.http.post", "/write"),
    approvalTools: ["service.http.post"],
  });
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

/** What openSession commits, minus the job. */
async function open(agentId: string, message: string) {
  const agent = await db().automation.findUniqueOrThrow({
    where: { id: agentId },
    select: { organizationId: true, domainId: true, publishedRevision: true },
  });
  const session = await db().agentSession.create({
    data: {
      organizationId: agent.organizationId,
      domainId: agent.domainId,
      automationId: agentId,
      revision: agent.publishedRevision!,
      kind: "DOMAIN",
      origin: "API",
      ownerId: world.people.operator.actor.userId,
      title: message,
    },
  });
  const turn = await db().turn.create({
    data: {
      sessionId: session.id,
      organizationId: agent.organizationId,
      number: 1,
      deadlineAt: new Date(Date.now() + env.TURN_DEADLINE_SECONDS * 1000),
    },
  });
  await db().sessionMessage.create({
    data: {
      sessionId: session.id,
      turnId: turn.id,
      role: "USER",
      body: message,
      authorId: world.people.operator.actor.userId,
    },
  });
  return { sessionId: session.id, executionId: turn.id };
}

const turnOf = (id: string) =>
  db().turn.findUniqueOrThrow({ where: { id }, select: { status: true, errorCode: true, attempts: true } });

describe("crash recovery", () => {
  it("never re-runs a tool call a dead worker left RUNNING: it fails as TOOL_CALL_INTERRUPTED and the model is told", async () => {
    const m = `m-${crypto.randomUUID()}`;
    const { sessionId, executionId } = await open(readAgent, m);
    // What a worker that died mid-call leaves behind: the turn RUNNING, the call RUNNING.
    await db().turn.update({
      where: { id: executionId },
      data: { status: "RUNNING", attempts: 1, startedAt: new Date() },
    });
    await db().toolCall.create({
      data: {
        turnId: executionId,
        sessionId,
        index: 0,
        toolName: "service.http.get",
        integrationId: "service.http",
        args: { url: `${receiver.base}/read` },
        status: "RUNNING",
        startedAt: new Date(),
      },
    });

    await runTurn(executionId); // the retried job
    expect(await turnOf(executionId)).toMatchObject({ status: "COMPLETED", attempts: 2 });
    expect(receiver.withMarker(m)).toHaveLength(0);
    const calls = await db().toolCall.findMany({
      where: { turnId: executionId },
      select: { status: true, errorCode: true },
    });
    expect(calls).toEqual([{ status: "FAILED", errorCode: "TOOL_CALL_INTERRUPTED" }]);
    const reply = await db().sessionMessage.findFirstOrThrow({
      where: { turnId: executionId, role: "ASSISTANT" },
      select: { body: true },
    });
    expect(reply.body).toContain("TOOL_CALL_INTERRUPTED");
  });

  it("a retried job of a settled turn does nothing", async () => {
    const m = `m-${crypto.randomUUID()}`;
    const { sessionId, executionId } = await open(readAgent, m);
    await runTurn(executionId);
    const before = (await eventsOf(sessionId)).length;
    await runTurn(executionId);
    expect((await eventsOf(sessionId)).length).toBe(before);
    expect(receiver.withMarker(m)).toHaveLength(1);
  });
});

describe("execution deadline", () => {
  it("fails a queued turn past its deadline cleanly when a worker picks it up", async () => {
    const { sessionId, executionId } = await open(readAgent, "late");
    await db().turn.update({ where: { id: executionId }, data: { deadlineAt: new Date(Date.now() - 1_000) } });
    await runTurn(executionId);
    expect(await turnOf(executionId)).toMatchObject({ status: "FAILED", errorCode: "TURN_DEADLINE_EXCEEDED" });
    const system = await db().sessionMessage.findFirstOrThrow({
      where: { turnId: executionId, role: "SYSTEM" },
      select: { body: true },
    });
    expect(system.body).toContain("TURN_DEADLINE_EXCEEDED");
    const last = (await eventsOf(sessionId)).at(-1)!;
    expect(last).toMatchObject({
      type: "turn.completed",
      data: { executionId, status: "failed", errorCode: "TURN_DEADLINE_EXCEEDED" },
    });
  });

  it("the sweeper fails a turn that waits for an approval past its deadline; a later decision is a conflict", async () => {
    const { sessionId, executionId } = await open(writeAgent, `m-${crypto.randomUUID()}`);
    await runTurn(executionId);
    expect(await turnOf(executionId)).toMatchObject({ status: "SUSPENDED" });
    await db().turn.update({ where: { id: executionId }, data: { deadlineAt: new Date(Date.now() - 1_000) } });
    await sweepExpiredTurns();
    expect(await turnOf(executionId)).toMatchObject({ status: "FAILED", errorCode: "TURN_DEADLINE_EXCEEDED" });
    const call = await db().toolCall.findFirstOrThrow({ where: { turnId: executionId }, select: { status: true } });
    expect(call.status).toBe("FAILED");
    const decision = await api("POST", `/agents/sessions/${sessionId}/turn-approval`, {
      credential: world.people.operator.key,
      body: { decision: "approved" },
    });
    expect(decision.status).toBe(409);
    const details = (await api("GET", `/agents/sessions/${sessionId}`, { credential: world.people.operator.key })).body;
    expect(details).toMatchObject({ state: "failed", pendingApproval: null });
    // A failed turn does not block the session: the next message is accepted.
    expect(
      (
        await api("POST", `/agents/sessions/${sessionId}/messages`, {
          credential: world.people.operator.key,
          body: { message: "again" },
        })
      ).status,
    ).toBe(200);
  });

  it("a turn queued longer than TURN_QUEUE_TIMEOUT_SECONDS fails TURN_QUEUE_TIMEOUT unrun, at its claim and by the sweep", async () => {
    const queuedAt = new Date(Date.now() - (env.TURN_QUEUE_TIMEOUT_SECONDS + 5) * 1000);
    const claimed = await open(readAgent, `m-${crypto.randomUUID()}`);
    const swept = await open(readAgent, `m-${crypto.randomUUID()}`);
    for (const { executionId } of [claimed, swept])
      await db().turn.update({ where: { id: executionId }, data: { queuedAt } });

    await runTurn(claimed.executionId);
    await sweepExpiredTurns();
    for (const { sessionId, executionId } of [claimed, swept]) {
      expect(await turnOf(executionId)).toMatchObject({
        status: "FAILED",
        errorCode: "TURN_QUEUE_TIMEOUT",
        attempts: 0,
      });
      expect((await eventsOf(sessionId)).at(-1)).toMatchObject({
        type: "turn.completed",
        data: { executionId, status: "failed", errorCode: "TURN_QUEUE_TIMEOUT" },
      });
    }
    // Neither ran: its tool call never reached the upstream.
    for (const { sessionId } of [claimed, swept]) {
      const message = await db().sessionMessage.findFirstOrThrow({
        where: { sessionId, role: "USER" },
        select: { body: true },
      });
      expect(receiver.withMarker(message.body)).toHaveLength(0);
    }
  });

  it("a queued turn gets the configured deadline", async () => {
    const response = await api("POST", `/agents/${readAgent}/sessions`, {
      credential: world.people.operator.key,
      body: { message: "deadline" },
    });
    const { executionId } = response.body as { executionId: string };
    const turn = await db().turn.findUniqueOrThrow({
      where: { id: executionId },
      select: { createdAt: true, deadlineAt: true },
    });
    expect(turn.deadlineAt.getTime() - turn.createdAt.getTime()).toBeGreaterThanOrEqual(
      env.TURN_DEADLINE_SECONDS * 1000 - 1_000,
    );
    expect(turn.deadlineAt.getTime() - turn.createdAt.getTime()).toBeLessThanOrEqual(
      env.TURN_DEADLINE_SECONDS * 1000 + 1_000,
    );
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../test/agents-kit";
import { db } from "@/server/db/client";
import { appendEvent } from "@/server/execution/event-log";
import type { TSessionEventType } from "@/server/events/event-types";
import { createAndPublishAgent } from "@/server/services/agents/create-and-publish-agent";
import { awaitTurn, type TTurnProgress } from "./await-turn";

/**
 * The waiting half of tools/call, against real rows: the turn is moved the way the engine
 * moves it (status columns, messages, approvals, events appended in transactions) while
 * awaitTurn reads the database.
 */
let world: TAgentsWorld;
let agentId: string;

beforeAll(async () => {
  world = await agentsWorld();
  const { agent } = await createAndPublishAgent(world.people.owner.actor, {
    domainId: world.acme.ops,
    name: "Waiter",
    setup: { model: "builtin:echo", principles: "Answer." },
  });
  agentId = agent.id;
});

async function queuedTurn() {
  const session = await db().agentSession.create({
    data: {
      organizationId: world.acme.id,
      domainId: world.acme.ops,
      automationId: agentId,
      revision: 1,
      kind: "DOMAIN",
      origin: "MCP",
      ownerId: world.people.owner.actor.userId,
      title: "t",
    },
  });
  const turn = await db().turn.create({
    data: {
      sessionId: session.id,
      organizationId: world.acme.id,
      number: 1,
      deadlineAt: new Date(Date.now() + 600_000),
    },
  });
  return { sessionId: session.id, executionId: turn.id };
}

async function event(sessionId: string, type: TSessionEventType, data: Record<string, unknown> = {}) {
  await db().$transaction((tx) => appendEvent(tx, sessionId, type, data));
}

const later = (ms: number, work: () => Promise<unknown>) =>
  new Promise((resolve, reject) => setTimeout(() => void work().then(resolve, reject), ms));

describe("awaitTurn", () => {
  it("returns the turn's answer once it completes, reporting its events as progress", async () => {
    const { sessionId, executionId } = await queuedTurn();
    const progress: TTurnProgress[] = [];
    const engine = later(150, async () => {
      await db().turn.update({ where: { id: executionId }, data: { status: "RUNNING" } });
      await event(sessionId, "turn.started", { executionId });
      await event(sessionId, "message.delta", { text: "He" });
      await event(sessionId, "tool_call.started", { toolName: "service.http.get" });
      await db().sessionMessage.create({
        data: { sessionId, turnId: executionId, role: "ASSISTANT", body: "Hello there" },
      });
      // The engine settles a turn and logs it in one transaction.
      await db().$transaction(async (tx) => {
        await tx.turn.update({ where: { id: executionId }, data: { status: "COMPLETED" } });
        await appendEvent(tx, sessionId, "turn.completed", { executionId });
      });
    });
    const outcome = await awaitTurn({
      sessionId,
      executionId,
      afterSeq: 0,
      deadline: Date.now() + 10_000,
      onProgress: (item) => void progress.push(item),
    });
    await engine;
    expect(outcome).toEqual({ status: "completed", answer: "Hello there" });
    expect(progress.map((item) => item.type)).toEqual(["turn.started", "tool_call.started", "turn.completed"]);
    expect(progress[1]!.message).toBe("Calling service.http.get.");
    expect(progress.map((item) => item.seq)).toEqual([1, 3, 4]);
  });

  it("reports a failed turn with its code and message", async () => {
    const { sessionId, executionId } = await queuedTurn();
    await db().turn.update({
      where: { id: executionId },
      data: {
        status: "FAILED",
        errorCode: "LLM_BUDGET_EXHAUSTED",
        errorMessage: "The monthly model budget is used up.",
      },
    });
    const outcome = await awaitTurn({ sessionId, executionId, afterSeq: 0, deadline: Date.now() + 5_000 });
    expect(outcome).toEqual({
      status: "failed",
      errorCode: "LLM_BUDGET_EXHAUSTED",
      errorMessage: "The monthly model budget is used up.",
    });
  });

  it("reports a suspension with the pending approval and its tool", async () => {
    const { sessionId, executionId } = await queuedTurn();
    const call = await db().toolCall.create({
      data: {
        turnId: executionId,
        sessionId,
        index: 0,
        toolName: "service.http.post",
        integrationId: "service.http",
        args: {},
        status: "AWAITING_APPROVAL",
      },
    });
    const approval = await db().approval.create({
      data: { sessionId, turnId: executionId, toolCallId: call.id, toolName: "service.http.post" },
    });
    await db().turn.update({ where: { id: executionId }, data: { status: "SUSPENDED" } });
    const outcome = await awaitTurn({ sessionId, executionId, afterSeq: 0, deadline: Date.now() + 5_000 });
    expect(outcome).toEqual({ status: "suspended", approvalId: approval.id, toolName: "service.http.post" });
  });

  it("stops at the deadline and says the turn is still running", async () => {
    const { sessionId, executionId } = await queuedTurn();
    const started = Date.now();
    const outcome = await awaitTurn({ sessionId, executionId, afterSeq: 0, deadline: started + 400 });
    expect(outcome).toEqual({ status: "running" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    // Without its deadline it would wait for as long as the turn stays queued: for ever here.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("stops waiting when the client goes away", async () => {
    const { sessionId, executionId } = await queuedTurn();
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    const started = Date.now();
    const outcome = await awaitTurn({
      sessionId,
      executionId,
      afterSeq: 0,
      deadline: started + 20_000,
      signal: abort.signal,
    });
    expect(outcome).toEqual({ status: "running" });
    // Well before its 20 s deadline (a margin a loaded machine cannot eat).
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("reports only events after the given seq (a continued session)", async () => {
    const { sessionId, executionId } = await queuedTurn();
    await event(sessionId, "turn.started", {});
    await event(sessionId, "turn.completed", {});
    const progress: TTurnProgress[] = [];
    await db().sessionMessage.create({
      data: { sessionId, turnId: executionId, role: "ASSISTANT", body: "Second answer" },
    });
    await event(sessionId, "tool_call.finished", { toolName: "service.http.get" });
    await db().turn.update({ where: { id: executionId }, data: { status: "COMPLETED" } });
    const outcome = await awaitTurn({
      sessionId,
      executionId,
      afterSeq: 2,
      deadline: Date.now() + 5_000,
      onProgress: (item) => void progress.push(item),
    });
    expect(outcome).toEqual({ status: "completed", answer: "Second answer" });
    expect(progress).toEqual([{ seq: 3, type: "tool_call.finished", message: "service.http.get finished." }]);
  });
});

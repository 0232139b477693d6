import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistantEventsOf, assistantWorld } from "../../../../../test/assistant-kit";
import { startEngine, stopEngine, waitForTurn } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { completeTurn, failTurn } from "@/server/engine/turn-settle";

// Messages, instruction turns and the events a reply produces (spec 4.8, 6.2), on the real engine.

let world: Awaited<ReturnType<typeof assistantWorld>>;

beforeAll(async () => {
  await startEngine();
  world = await assistantWorld();
});

afterAll(async () => {
  await stopEngine();
});

const post = (workerRef: string, body: string, headers?: Record<string, string>) =>
  world.call("POST", `/workers/${workerRef}/messages`, { body: { body }, headers });
const instruct = (workerRef: string, instruction: string) =>
  world.call("POST", `/workers/${workerRef}/turns`, { body: { instruction } });
const list = (workerRef: string, query = "") => world.call("GET", `/workers/${workerRef}/messages${query}`);

async function settledTurnOf(messageId: string) {
  const { turnId } = await db().sessionMessage.findUniqueOrThrow({
    where: { id: messageId },
    select: { turnId: true },
  });
  return waitForTurn(turnId!, ["COMPLETED", "FAILED"]);
}

describe("POST /workers/{w}/messages", () => {
  it("posts a user message (201), gets an echo reply and records message.created and usage.recorded", async () => {
    const { workerRef, externalRef } = await world.createWorker();
    const posted = await post(workerRef, "  Hello there  ");
    expect(posted.status).toBe(201);
    expect(posted.body).toEqual({
      id: expect.any(String),
      role: "user",
      body: "Hello there",
      created_at: expect.any(String),
    });
    expect(await settledTurnOf(posted.body.id)).toMatchObject({ status: "COMPLETED" });

    const worker = await db().assistantWorker.findUniqueOrThrow({
      where: { id: workerRef },
      select: { sessionId: true },
    });
    const session = await db().agentSession.findUniqueOrThrow({ where: { id: worker.sessionId! } });
    expect(session).toMatchObject({
      automationId: world.agentId,
      origin: "ASSISTANT",
      ownerId: null,
      title: `Assistant: ${externalRef}`,
    });
    const page = await list(workerRef);
    expect(page.status).toBe(200);
    expect(page.body.next_cursor).toBeNull();
    expect(page.body.items.map((item: { role: string; body: string }) => [item.role, item.body])).toEqual([
      ["user", "Hello there"],
      ["assistant", "Echo: Hello there"],
    ]);

    const turn = await db().turn.findFirstOrThrow({ where: { sessionId: session.id } });
    const events = await assistantEventsOf(workerRef);
    expect(events.map((event) => event.type)).toEqual(["message.created", "usage.recorded"]);
    const [created, usage] = events;
    expect(created!.body).toEqual({
      id: expect.any(String),
      type: "message.created",
      occurred_at: expect.any(String),
      worker_ref: workerRef,
      data: {
        message_id: page.body.items[1].id,
        session_id: session.id,
        created_at: page.body.items[1].created_at,
        outcome: "ok",
      },
    });
    expect(usage!.body).toMatchObject({
      type: "usage.recorded",
      worker_ref: workerRef,
      data: {
        usage_id: turn.id,
        at: turn.finishedAt!.toISOString(),
        cost_usd: 0,
        tokens: turn.inputTokens + turn.outputTokens,
      },
    });
    expect(usage!.body.data.tokens).toBeGreaterThan(0);
  });

  it("queues later messages on the same conversation, also while a turn is running or waiting for an approval", async () => {
    const { workerRef } = await world.createWorker();
    const first = await post(workerRef, "one");
    await settledTurnOf(first.body.id);
    // A turn still waiting for an approval (written directly: the echo model answers too fast to catch one).
    const { sessionId } = await db().assistantWorker.findUniqueOrThrow({
      where: { id: workerRef },
      select: { sessionId: true },
    });
    const holding = await db().turn.create({
      data: {
        sessionId: sessionId!,
        organizationId: world.orgId,
        number: 99,
        status: "SUSPENDED",
        attempts: 1,
        deadlineAt: new Date(Date.now() + 60_000),
      },
    });
    const message = await post(workerRef, "while suspended");
    expect(message.status).toBe(201);
    const instructed = await instruct(workerRef, "and this instruction");
    expect(instructed).toMatchObject({ status: 202, body: { turn_id: expect.any(String), status: "queued" } });
    const messageTurn = await db().sessionMessage.findUniqueOrThrow({
      where: { id: message.body.id },
      select: { turnId: true },
    });
    // The instruction superseded the message's turn (never started); its own turn waits behind the suspended one.
    const superseded = await db().turn.findUniqueOrThrow({ where: { id: messageTurn.turnId! } });
    expect(superseded).toMatchObject({ status: "FAILED", errorCode: "TURN_CANCELLED" });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const waiting = await db().turn.findUniqueOrThrow({ where: { id: instructed.body.turn_id } });
    expect(waiting).toMatchObject({ status: "QUEUED", attempts: 0 });
    expect(waiting.waitingSince).not.toBeNull();
    // The suspended turn settles (an approval decided, here: failed) and the waiting turn runs.
    await failTurn({ sessionId: sessionId!, turnId: holding.id, code: "TURN_CANCELLED", message: "Stopped." });
    expect(await waitForTurn(instructed.body.turn_id, ["COMPLETED", "FAILED"])).toMatchObject({
      status: "COMPLETED",
    });
    const answered = await db().turn.findUniqueOrThrow({ where: { id: instructed.body.turn_id } });
    expect(answered.startedAt!.getTime()).toBeGreaterThanOrEqual(
      (await db().turn.findUniqueOrThrow({ where: { id: holding.id } })).finishedAt!.getTime(),
    );
    const items = (await list(workerRef)).body.items as Array<{ role: string; body: string }>;
    // The instruction is never shown; the reply answers the message and the instruction together.
    expect(items.map((item) => [item.role, item.body])).toEqual([
      ["user", "one"],
      ["assistant", "Echo: one"],
      ["user", "while suspended"],
      ["system", expect.stringMatching(/^The turn was cancelled \(TURN_CANCELLED\)/)],
      // (The holding turn's notice is not listed: written directly, that turn has no input, so its notice opens it.)
      ["assistant", "Echo: and this instruction"],
    ]);
    const created = (await assistantEventsOf(workerRef))
      .filter((event) => event.type === "message.created")
      .map((event) => event.body.data.outcome);
    // One per reply: the first answer, the cancelled turn, the holding turn's notice, the answer.
    expect(created).toEqual(["ok", "cancelled", "failed", "ok"]);

    // A message while a turn RUNS (held RUNNING directly) is answered after that turn completes.
    const running = await db().turn.create({
      data: {
        sessionId: sessionId!,
        organizationId: world.orgId,
        number: 100,
        status: "RUNNING",
        attempts: 1,
        startedAt: new Date(),
        deadlineAt: new Date(Date.now() + 60_000),
      },
    });
    const later = await post(workerRef, "two");
    expect(later.status).toBe(201);
    const { turnId: laterTurn } = await db().sessionMessage.findUniqueOrThrow({
      where: { id: later.body.id },
      select: { turnId: true },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await db().turn.findUniqueOrThrow({ where: { id: laterTurn! } })).status).toBe("QUEUED");
    // The worker path settles in a transaction (it has a worker to tell): the release is part of it.
    await completeTurn({ sessionId: sessionId!, turnId: running.id, text: "held answer", streamed: false });
    expect(await waitForTurn(laterTurn!, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    const last = (await list(workerRef)).body.items as Array<{ role: string; body: string }>;
    // Listed as written: "two" arrived while the held turn ran, before its answer; the reply comes after both.
    expect(last.slice(-3).map((item) => [item.role, item.body])).toEqual([
      ["user", "two"],
      ["assistant", "held answer"],
      ["assistant", "Echo: two"],
    ]);
  });

  it("cancels a turn no engine has started yet when the next message arrives: message.created says cancelled, the next turn answers", async () => {
    const { workerRef } = await world.createWorker();
    const first = await post(workerRef, "one");
    await settledTurnOf(first.body.id);
    // A turn still waiting for an engine slot (written directly: the engine would start it at once).
    const { sessionId } = await db().assistantWorker.findUniqueOrThrow({
      where: { id: workerRef },
      select: { sessionId: true },
    });
    const waiting = await db().turn.create({
      data: {
        sessionId: sessionId!,
        organizationId: world.orgId,
        number: 2,
        status: "QUEUED",
        deadlineAt: new Date(Date.now() + 60_000),
      },
    });
    await db().sessionMessage.create({
      data: { sessionId: sessionId!, turnId: waiting.id, role: "USER", body: "two" },
    });

    const third = await post(workerRef, "three");
    expect(third.status).toBe(201);
    expect(
      await db().turn.findUniqueOrThrow({ where: { id: waiting.id }, select: { status: true, errorCode: true } }),
    ).toEqual({ status: "FAILED", errorCode: "TURN_CANCELLED" });
    await settledTurnOf(third.body.id);
    const cancelled = (await assistantEventsOf(workerRef))
      .filter((event) => event.type === "message.created")
      .map((event) => event.body.data);
    expect(cancelled.map((data) => [data.outcome, data.error_code])).toEqual([
      ["ok", undefined],
      ["cancelled", "TURN_CANCELLED"],
      ["ok", undefined],
    ]);
    const items = (await list(workerRef)).body.items as Array<{ role: string; body: string }>;
    expect(items.map((item) => item.role)).toEqual(["user", "assistant", "user", "system", "user", "assistant"]);
    expect(items[3]!.body).toMatch(/^The turn was cancelled \(TURN_CANCELLED\)/);
    expect(items[5]!.body).toBe("Echo: three");
  });

  it("replays an Idempotency-Key with the same message and Idempotency-Replayed: true", async () => {
    const { workerRef } = await world.createWorker();
    const headers = { "Idempotency-Key": `m-${crypto.randomUUID()}` };
    const first = await post(workerRef, "once", headers);
    const replay = await post(workerRef, "once", headers);
    expect(replay).toMatchObject({ status: 201, body: first.body });
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    await settledTurnOf(first.body.id);
    expect((await list(workerRef)).body.items).toHaveLength(2);
  });

  it("validates the body (1-8,000 characters trimmed) and the X-Service-Subject header", async () => {
    const { workerRef, externalRef } = await world.createWorker();
    expect((await post(workerRef, "   ")).status).toBe(400);
    expect((await post(workerRef, "x".repeat(8_001))).status).toBe(400);
    expect(
      (await world.call("POST", `/workers/${workerRef}/messages`, { body: { body: "hi", extra: true } })).status,
    ).toBe(400);
    const other = await world.createWorker();
    const mismatch = await world.call("POST", `/workers/${workerRef}/messages`, {
      body: { body: "hi" },
      headers: { "X-Service-Subject": other.workerRef },
    });
    expect(mismatch).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    expect(
      (await world.call("GET", `/workers/${workerRef}/messages`, { headers: { "X-Service-Subject": "someone-else" } }))
        .status,
    ).toBe(404);
    expect(
      (await world.call("GET", `/workers/${workerRef}/messages`, { headers: { "X-Service-Subject": externalRef } }))
        .status,
    ).toBe(200);
    const ok = await world.call("POST", `/workers/${workerRef}/messages`, {
      body: { body: "x".repeat(8_000) },
      headers: { "X-Service-Subject": workerRef },
    });
    expect(ok.status).toBe(201);
    await settledTurnOf(ok.body.id);
  });

  it("answers 409 naming the configuration when no published assistant agent is configured", async () => {
    const bare = await assistantWorld({ configure: false });
    const { workerRef } = await bare.createWorker();
    const none = await bare.call("POST", `/workers/${workerRef}/messages`, { body: { body: "hi" } });
    expect(none).toMatchObject({
      status: 409,
      body: { error: { code: "CONFLICT", details: { configuration: "assistant_automation_id" } } },
    });
    expect(none.body.error.message).toContain("assistant_automation_id");
    // Another organization's agent is no agent of this one.
    await db().assistantConfig.create({ data: { organizationId: bare.orgId, assistantAutomationId: world.agentId } });
    expect((await bare.call("POST", `/workers/${workerRef}/turns`, { body: { instruction: "brief" } })).status).toBe(
      409,
    );
    expect(
      await db().assistantWorker.findUniqueOrThrow({ where: { id: workerRef }, select: { sessionId: true } }),
    ).toEqual({ sessionId: null });
  });
});

describe("GET /workers/{w}/messages", () => {
  it("pages back with before/next_cursor, oldest first within a page, and bounds limit", async () => {
    const { workerRef } = await world.createWorker();
    for (const text of ["m1", "m2", "m3"]) await settledTurnOf((await post(workerRef, text)).body.id);
    const bodies = (response: { body: { items: Array<{ body: string }> } }) =>
      response.body.items.map((item) => item.body);
    const newest = await list(workerRef, "?limit=4");
    expect(bodies(newest)).toEqual(["m2", "Echo: m2", "m3", "Echo: m3"]);
    expect(newest.body.next_cursor).toBe(newest.body.items[0].id);
    const older = await list(workerRef, `?limit=4&before=${newest.body.next_cursor}`);
    expect(bodies(older)).toEqual(["m1", "Echo: m1"]);
    expect(older.body.next_cursor).toBeNull();
    expect((await list(workerRef)).body.items).toHaveLength(6);
    for (const query of ["?limit=0", "?limit=101", "?limit=abc", `?before=${crypto.randomUUID()}`, "?before=nope"]) {
      expect((await list(workerRef, query)).status, query).toBe(400);
    }
    expect((await list(workerRef, "?limit=100")).status).toBe(200);
    const empty = await world.createWorker();
    expect((await list(empty.workerRef)).body).toEqual({ items: [], next_cursor: null });
  });
});

describe("POST /workers/{w}/turns", () => {
  it("runs a turn from an instruction that never appears as a message; the reply does, announced by message.created", async () => {
    const { workerRef } = await world.createWorker();
    const started = await instruct(workerRef, "Send the morning brief");
    expect(started).toMatchObject({ status: 202, body: { turn_id: expect.any(String), status: "queued" } });
    expect(await waitForTurn(started.body.turn_id, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    await settledTurnOf((await post(workerRef, "thanks")).body.id);
    const again = await instruct(workerRef, "Undo that");
    await waitForTurn(again.body.turn_id, ["COMPLETED", "FAILED"]);
    const items = (await list(workerRef)).body.items as Array<{ id: string; role: string; body: string }>;
    expect(items.map((item) => [item.role, item.body])).toEqual([
      ["assistant", "Echo: Send the morning brief"],
      ["user", "thanks"],
      ["assistant", "Echo: thanks"],
      ["assistant", "Echo: Undo that"],
    ]);
    const events = await assistantEventsOf(workerRef);
    expect(
      events.filter((event) => event.type === "message.created").map((event) => event.body.data.message_id),
    ).toEqual([items[0]!.id, items[2]!.id, items[3]!.id]);
    expect(
      events.filter((event) => event.type === "usage.recorded").map((event) => event.body.data.usage_id),
    ).toContain(started.body.turn_id);
    expect((await instruct(workerRef, "")).status).toBe(400);
    expect((await instruct(workerRef, "x".repeat(8_001))).status).toBe(400);
  });
});

describe("model budget", () => {
  it("counts worker turns against the follower's budget; exhausted, a turn fails with a notice and message.created failed/LLM_BUDGET_EXHAUSTED", async () => {
    const own = await assistantWorld();
    const { workerRef } = await own.createWorker();
    const first = await own.call("POST", `/workers/${workerRef}/messages`, { body: { body: "spend some tokens" } });
    await settledTurnOf(first.body.id);
    const turn = await db().turn.findFirstOrThrow({
      where: { organizationId: own.orgId },
      select: { inputTokens: true, outputTokens: true },
    });
    // The worker's usage is the organization's: a limit of exactly what it used is exhausted.
    await db().llmBudget.create({
      data: { organizationId: own.orgId, monthlyTokenLimit: turn.inputTokens + turn.outputTokens },
    });
    const second = await own.call("POST", `/workers/${workerRef}/messages`, { body: { body: "and more" } });
    expect(await settledTurnOf(second.body.id)).toMatchObject({ status: "FAILED", errorCode: "LLM_BUDGET_EXHAUSTED" });
    const items = (await own.call("GET", `/workers/${workerRef}/messages`)).body.items as Array<{
      id: string;
      role: string;
      body: string;
    }>;
    const notice = items.at(-1)!;
    expect(notice.role).toBe("system");
    expect(notice.body).toContain("LLM_BUDGET_EXHAUSTED");
    const created = (await assistantEventsOf(workerRef)).filter((event) => event.type === "message.created").at(-1)!;
    expect(created.body.data).toEqual({
      message_id: notice.id,
      session_id: expect.any(String),
      created_at: expect.any(String),
      outcome: "failed",
      error_code: "LLM_BUDGET_EXHAUSTED",
    });
    expect((await assistantEventsOf(workerRef)).filter((event) => event.type === "usage.recorded")).toHaveLength(2);
  });
});

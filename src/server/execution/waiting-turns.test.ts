import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import { eventsOf, publishAgent, startEngine, stopEngine, waitForTurn } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { sweepExpiredTurns } from "@/server/engine/recovery";
import { loadTranscript, type TTurnContext } from "@/server/engine/turn-context";
import { failTurn } from "@/server/engine/turn-settle";
import { createConnection } from "@/server/services/connections/create-connection";

// Conversations queue (docs/conversations.md): a message while a turn runs or waits for an
// approval is stored at once and answered in order, on the real engine. A turn is held RUNNING
// by its tool call to a loopback server that answers only when the test lets it.

let world: TAgentsWorld;
let gate: Awaited<ReturnType<typeof startGate>>;
const agents = {} as Record<"held" | "approval" | "echo", string>;
const savedHosts = env.HTTP_TOOL_ALLOWED_HOSTS;

/** A loopback HTTP server that holds every request until `release` (or answers at once when open). */
async function startGate() {
  const held: Array<() => void> = [];
  let open = false;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const answer = () => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ ok: true }));
      };
      if (open) answer();
      else held.push(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    /** Resolves once `count` requests are held (the turn is RUNNING, inside its tool call). */
    async holding(count = 1) {
      const until = Date.now() + 20_000;
      while (held.length < count) {
        if (Date.now() > until) throw new Error(`the gate holds ${held.length} requests, not ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** Answers the held requests and every later one. */
    release() {
      open = true;
      for (const answer of held.splice(0)) answer();
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  world = await agentsWorld();
  gate = await startGate();
  env.HTTP_TOOL_ALLOWED_HOSTS = gate.hostPort;
  await startEngine();
  const owner = world.people.owner.actor;
  await createConnection(owner, {
    domainId: world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: `token-${crypto.randomUUID()}`,
  });
  const call = (tool: string) =>
    `#${tool} ${JSON.stringify({ url: `${gate.base}/hold`, query: { m: "{{message}}" } })}`;
  agents.held = await publishAgent(owner, world.acme.ops, {
    model: "builtin:procedure",
    procedure: call("service.http.get"),
  });
  agents.approval = await publishAgent(owner, world.acme.ops, {
    model: "builtin:procedure",
    procedure: call("service.http.post"),
    approvalTools: ["service.http.post"],
  });
  agents.echo = await publishAgent(owner, world.acme.ops, { model: "builtin:echo" });
});

afterAll(async () => {
  await stopEngine();
  await gate.close();
  env.HTTP_TOOL_ALLOWED_HOSTS = savedHosts;
});

const open = async (automationId: string, message: string) => {
  const response = await api("POST", `/agents/${automationId}/sessions`, {
    credential: world.people.operator.key,
    body: { message },
  });
  expect(response.status).toBe(202);
  return response.body as { sessionId: string; executionId: string };
};
const send = (sessionId: string, message: string) =>
  api("POST", `/agents/sessions/${sessionId}/messages`, { credential: world.people.operator.key, body: { message } });
const turnOf = (id: string) => db().turn.findUniqueOrThrow({ where: { id } });
const messagesOf = async (sessionId: string) =>
  (
    await db().sessionMessage.findMany({
      where: { sessionId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { role: true, body: true, turnId: true },
    })
  ).map((message) => [message.role, message.body]);

/** Turns of the session in number order never overlap: each starts after the one before finished. */
async function expectOneAtATime(sessionId: string) {
  const turns = await db().turn.findMany({
    where: { sessionId, startedAt: { not: null } },
    orderBy: { number: "asc" },
  });
  for (let index = 1; index < turns.length; index++)
    expect(turns[index]!.startedAt!.getTime()).toBeGreaterThanOrEqual(turns[index - 1]!.finishedAt!.getTime());
}

describe("a follow-up while a turn runs", () => {
  it("is stored at once (200 naming the answering turn), waits, and is answered after the running turn; two are answered by one reply", async () => {
    const { sessionId, executionId: first } = await open(agents.held, "hi");
    await gate.holding(1);
    expect((await turnOf(first)).status).toBe("RUNNING");

    const second = await send(sessionId, "are you there?");
    expect(second.status).toBe(200);
    const secondId = second.body.executionId as string;
    expect(secondId).not.toBe(first);
    // Stored at once, and waiting: no job, so the engine does not start it beside the running turn.
    expect(await messagesOf(sessionId)).toEqual([
      ["USER", "hi"],
      ["USER", "are you there?"],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await turnOf(secondId)).toMatchObject({ status: "QUEUED", attempts: 0 });
    expect((await turnOf(secondId)).waitingSince).not.toBeNull();

    // A second follow-up supersedes the waiting turn: one reply answers both.
    const third = await send(sessionId, "hello?");
    expect(third.status).toBe(200);
    const thirdId = third.body.executionId as string;
    expect(await turnOf(secondId)).toMatchObject({ status: "FAILED", errorCode: "TURN_CANCELLED" });
    const cancelled = (await eventsOf(sessionId)).find(
      (event) => event.type === "turn.completed" && (event.data as { executionId: string }).executionId === secondId,
    );
    expect(cancelled!.data).toMatchObject({ status: "failed", errorCode: "TURN_CANCELLED", supersededBy: thirdId });
    expect((await turnOf(first)).status).toBe("RUNNING");

    gate.release();
    expect(await waitForTurn(first, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    expect(await waitForTurn(thirdId, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    await expectOneAtATime(sessionId);
    const details = (await api("GET", `/agents/sessions/${sessionId}`, { credential: world.people.operator.key })).body;
    expect(
      details.turns.map((turn: { executionId: string; status: string }) => [turn.executionId, turn.status]),
    ).toEqual([
      [first, "completed"],
      [secondId, "failed"],
      [thirdId, "completed"],
    ]);
    const answers = (await messagesOf(sessionId)).filter(([role]) => role === "ASSISTANT");
    expect(answers).toHaveLength(2);
  });

  it("while the turn waits for an approval, is stored and answered after the decision settles that turn", async () => {
    gate.release();
    const { sessionId, executionId: first } = await open(agents.approval, "one");
    expect(await waitForTurn(first)).toMatchObject({ status: "SUSPENDED" });
    const second = await send(sessionId, "two");
    expect(second.status).toBe(200);
    const secondId = second.body.executionId as string;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await turnOf(secondId)).toMatchObject({ status: "QUEUED", attempts: 0 });

    // Rejected: the first turn continues to its answer, then the waiting turn runs (and suspends on its own call).
    const decided = await api("POST", `/agents/sessions/${sessionId}/turn-approval`, {
      credential: world.people.operator.key,
      body: { decision: "rejected" },
    });
    expect(decided.status).toBe(200);
    expect(await waitForTurn(first, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    expect(await waitForTurn(secondId)).toMatchObject({ status: "SUSPENDED" });

    // Approved, the turn is queued again with its job: a message now never supersedes it (it has started), it waits.
    const approved = await api("POST", `/agents/sessions/${sessionId}/turn-approval`, {
      credential: world.people.operator.key,
      body: { decision: "approved" },
    });
    expect(approved.status).toBe(200);
    const third = await send(sessionId, "three");
    expect(third.status).toBe(200);
    const thirdId = third.body.executionId as string;
    expect(await waitForTurn(secondId, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    expect(await waitForTurn(thirdId)).toMatchObject({ status: "SUSPENDED" });
    expect((await turnOf(secondId)).errorCode).toBeNull();
    await expectOneAtATime(sessionId);
    await failTurn({ sessionId, turnId: thirdId, code: "TURN_CANCELLED", message: "Test over." });
  });

  it("a failed or cancelled turn releases the waiting one too", async () => {
    const { sessionId, executionId: first } = await open(agents.echo, "first");
    await waitForTurn(first);
    const holding = await db().turn.create({
      data: {
        sessionId,
        organizationId: world.acme.id,
        number: 2,
        status: "RUNNING",
        attempts: 1,
        startedAt: new Date(),
        deadlineAt: new Date(Date.now() + 60_000),
      },
    });
    const next = await send(sessionId, "next");
    expect(next.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await turnOf(next.body.executionId)).status).toBe("QUEUED");
    await failTurn({ sessionId, turnId: holding.id, code: "TURN_INTERRUPTED", message: "Stopped." });
    expect(await waitForTurn(next.body.executionId)).toMatchObject({ status: "COMPLETED" });
  });
});

describe("the sweep", () => {
  it("releases a waiting turn whose release was lost, and leaves one behind a running turn alone", async () => {
    const { sessionId, executionId: first } = await open(agents.echo, "first");
    await waitForTurn(first);
    // The settle committed and the process died before the release: a waiting turn, nothing holding it.
    const lost = await db().turn.create({
      data: {
        sessionId,
        organizationId: world.acme.id,
        number: 2,
        deadlineAt: new Date(Date.now() + 60_000),
        waitingSince: new Date(),
      },
    });
    await db().sessionMessage.create({ data: { sessionId, turnId: lost.id, role: "USER", body: "lost" } });
    // Another session's waiting turn is still behind a running turn.
    const other = await open(agents.echo, "other");
    await waitForTurn(other.executionId);
    const running = await db().turn.create({
      data: {
        sessionId: other.sessionId,
        organizationId: world.acme.id,
        number: 2,
        status: "RUNNING",
        attempts: 1,
        startedAt: new Date(),
        deadlineAt: new Date(Date.now() + 60_000),
      },
    });
    const behind = await send(other.sessionId, "behind");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await turnOf(lost.id)).status).toBe("QUEUED");

    await sweepExpiredTurns();
    expect(await waitForTurn(lost.id)).toMatchObject({ status: "COMPLETED" });
    expect((await messagesOf(sessionId)).at(-1)).toEqual(["ASSISTANT", "Echo: lost"]);
    expect(await turnOf(behind.body.executionId)).toMatchObject({ status: "QUEUED", attempts: 0 });
    await failTurn({ sessionId: other.sessionId, turnId: running.id, code: "TURN_INTERRUPTED", message: "Stopped." });
    expect(await waitForTurn(behind.body.executionId)).toMatchObject({ status: "COMPLETED" });
  });
});

describe("the transcript of a turn that waited", () => {
  const context = (turnId: string) => ({ turnId }) as TTurnContext;

  it("holds the turn ahead whole (its answer before the new input), superseded inputs without their notice, nothing later", async () => {
    // In the order the claim reads them (createdAt): B and C were written while A ran.
    const messages = [
      { role: "USER", body: "hi", turnId: "A" },
      { role: "USER", body: "are you there?", turnId: "B" },
      { role: "SYSTEM", body: "The turn was cancelled (TURN_CANCELLED): ...", turnId: "B" },
      { role: "USER", body: "hello?", turnId: "C" },
      { role: "ASSISTANT", body: "Hi!", turnId: "A" },
      { role: "USER", body: "later", turnId: "D" },
    ];
    expect(await loadTranscript(context("C"), messages, true)).toEqual([
      { role: "user", content: "hi" },
      { role: "assistant", content: "Hi!" },
      { role: "user", content: "are you there?" },
      { role: "user", content: "hello?" },
    ]);
    expect(await loadTranscript(context("A"), messages, true)).toEqual([{ role: "user", content: "hi" }]);
  });
});

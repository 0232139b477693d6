import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../test/agents-kit";
import { startFakeLlmServer, type TFakeLlmServer } from "../../../test/fake-llm-server";
import { eventsOf, openTurnWithoutJob, publishAgent, startReceiver } from "../../../test/sessions-kit";
import { countStatements, useCountingDatabase } from "../../../test/statement-count-kit";
import { parseFrames, readFrames } from "../../../test/stream-kit";
import { db, useDatabase } from "@/server/db/client";
import { env } from "@/server/env";
import { sessionHub } from "@/server/events/session-hub";
import { sessionEventStream } from "@/server/events/session-stream";
import { createConnection } from "@/server/services/connections/create-connection";
import { getSessionDetails } from "@/server/services/sessions/get-session";
import { deltaFlush } from "./delta-buffer";
import { runTurn } from "./turn-runner";

// Streamed text through the turn loop: a real AI SDK provider (OpenAI's wire protocol served
// by the local fake) streams many small deltas; the loop writes them as fewer message.delta
// events. Batching is made to depend on size alone (no timer), so every count here is exact.
// The test plays the worker, as recovery.test.ts does.

let world: TAgentsWorld;
let fake: TFakeLlmServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let chatAgent: string;
let toolAgent: string;
const saved = {
  key: env.OPENAI_API_KEY,
  url: env.OPENAI_BASE_URL,
  hosts: env.HTTP_TOOL_ALLOWED_HOSTS,
  flush: { ...deltaFlush },
};

beforeAll(async () => {
  fake = await startFakeLlmServer();
  receiver = await startReceiver();
  env.OPENAI_API_KEY = "sk-test-deltas";
  env.OPENAI_BASE_URL = fake.url;
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  Object.assign(deltaFlush, { maxChars: 64, intervalMs: 3_600_000 });
  world = await agentsWorld();
  const owner = world.people.owner.actor;
  await createConnection(owner, {
    domainId: world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: "org-token",
  });
  chatAgent = await publishAgent(owner, world.acme.ops, { model: "openai:gpt-4o-mini" });
  toolAgent = await publishAgent(
    owner,
    world.acme.ops,
    { model: "openai:gpt-4o-mini", procedure: `Look it up with #service.http.get {"url": "${receiver.base}/read"}` },
    { bindingPolicies: { "service.http": "caller_preferred" } },
  );
});

afterAll(async () => {
  Object.assign(deltaFlush, saved.flush);
  env.OPENAI_API_KEY = saved.key;
  env.OPENAI_BASE_URL = saved.url;
  env.HTTP_TOOL_ALLOWED_HOSTS = saved.hosts;
  await fake.close();
  await receiver.close();
});

const open = (agentId: string, message: string) =>
  openTurnWithoutJob(world.people.owner.actor.userId, agentId, message);

// 40 pieces of 10 characters; at 64 characters a batch closes after 7 pieces: 5 full batches
// and the last 5 pieces written when the step ends.
const PIECES = Array.from({ length: 40 }, (_, index) => `piece ${String(index).padStart(3, "0")} `);
const ANSWER = PIECES.join("");

const deltaTexts = (events: Awaited<ReturnType<typeof eventsOf>>) =>
  events.filter((event) => event.type === "message.delta").map((event) => (event.data as { text: string }).text);

describe("streamed text in the turn loop", () => {
  it("coalesces many small deltas into few message.delta events that add up to the answer, before turn.completed, with gap-free seqs", async () => {
    const { sessionId, turnId } = await open(chatAgent, "stream please");
    fake.script({ text: PIECES, usage: { input: 10, output: 40 } });
    // A live reader from the start sees exactly the log.
    await (await sessionHub()).listeningReady();
    const live = readFrames(sessionEventStream({ sessionId, lastEventId: "0", snapshot: async () => ({}) }), (text) =>
      text.includes("event: turn.completed"),
    );
    await runTurn(turnId);

    const events = await eventsOf(sessionId);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(events.map((event) => event.type)).toEqual([
      "turn.started",
      ...Array(6).fill("message.delta"),
      "turn.completed",
    ]);
    const texts = deltaTexts(events);
    expect(texts.join("")).toBe(ANSWER);
    expect(texts.slice(0, -1).every((text) => text.length >= 64)).toBe(true);
    for (const event of events) expect(event.data).toMatchObject({ executionId: turnId });
    const reply = await db().sessionMessage.findFirstOrThrow({
      where: { turnId, role: "ASSISTANT" },
      select: { body: true },
    });
    expect(reply.body).toBe(ANSWER);
    expect(
      await db().turn.findUniqueOrThrow({ where: { id: turnId }, select: { status: true, outputTokens: true } }),
    ).toEqual({ status: "COMPLETED", outputTokens: 40 });
    // GET session shows what the turn used: gpt-4o-mini at $0.15 / $0.60 per million tokens.
    const details = await getSessionDetails(world.people.owner.actor, { sessionId });
    expect(details.turns[0]!.usage).toEqual({ inputTokens: 10, outputTokens: 40, costUsd: 0.000026 });

    const frames = parseFrames(await live).filter((frame) => frame.id && frame.event !== "snapshot");
    expect(frames.map((frame) => [Number(frame.id), frame.event])).toEqual(
      events.map((event) => [event.seq, event.type]),
    );
  });

  it("writes each batch as one statement, without a transaction, and the last with the answer", async () => {
    const { sessionId, turnId } = await open(chatAgent, "count my writes");
    fake.script({ text: PIECES, usage: { input: 10, output: 40 } });
    const original = await useCountingDatabase();
    let cost: Awaited<ReturnType<typeof countStatements>>;
    try {
      cost = await countStatements(() => runTurn(turnId));
    } finally {
      useDatabase(original);
    }
    expect(deltaTexts(await eventsOf(sessionId)).join("")).toBe(ANSWER);
    // The claim, five full batches, the answer with the last batch (the revision is read once per process).
    expect(cost.statements.filter((sql) => /INSERT INTO session_events/.test(sql))).toHaveLength(7);
    expect(cost.transactions).toBe(0);
  });

  it("a stream resumed from a Last-Event-ID inside the batches gets every later event exactly once", async () => {
    const { sessionId, turnId } = await open(chatAgent, "stream again");
    fake.script({ text: PIECES, usage: { input: 10, output: 40 } });
    await runTurn(turnId);
    const events = await eventsOf(sessionId);
    const middle = events.filter((event) => event.type === "message.delta")[2]!.seq;

    const stream = sessionEventStream({ sessionId, lastEventId: String(middle), snapshot: async () => ({}) });
    const frames = parseFrames(await readFrames(stream, (text) => text.includes("event: turn.completed"))).filter(
      (frame) => frame.id,
    );
    expect(frames[0]).toMatchObject({ id: String(middle), event: "snapshot" });
    const after = events.filter((event) => event.seq > middle);
    expect(frames.slice(1).map((frame) => [Number(frame.id), frame.event, frame.data.data.text])).toEqual(
      after.map((event) => [event.seq, event.type, (event.data as { text?: string }).text]),
    );
    expect(
      deltaTexts(events.filter((event) => event.seq <= middle)).join("") +
        frames
          .slice(1)
          .map((frame) => frame.data.data.text ?? "")
          .join(""),
    ).toBe(ANSWER);
  });

  it("writes a step's buffered text before its tool call starts, and the answer's before turn.completed", async () => {
    const { sessionId, turnId } = await open(toolAgent, "look it up");
    const sent = fake.requests.length;
    // Both texts are shorter than a batch: only the flush before the next event writes them.
    fake.script(
      {
        text: ["Let me ", "check."],
        toolCalls: [{ id: "call_1", name: "service__http__get", args: { url: `${receiver.base}/read?marker=deltas` } }],
        usage: { input: 5, output: 5 },
      },
      { text: ["Found ", "it."], usage: { input: 5, output: 2 } },
    );
    await runTurn(turnId);
    const events = await eventsOf(sessionId);
    expect(events.map((event) => event.type)).toEqual([
      "turn.started",
      "message.delta",
      "tool_call.started",
      "tool_call.finished",
      "message.delta",
      "turn.completed",
    ]);
    expect(deltaTexts(events)).toEqual(["Let me check.", "Found it."]);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    // Both texts are stored, in order, and each message.delta names the message it belongs to:
    // the live stream and the stored transcript agree.
    const replies = await db().sessionMessage.findMany({
      where: { turnId, role: "ASSISTANT" },
      orderBy: { createdAt: "asc" },
      select: { id: true, body: true },
    });
    expect(replies.map((reply) => reply.body)).toEqual(["Let me check.", "Found it."]);
    const deltas = events.filter((event) => event.type === "message.delta");
    expect(deltas.map((event) => (event.data as { messageId?: string }).messageId)).toEqual(
      replies.map((reply) => reply.id),
    );
    expect(events.at(-1)!.data).toMatchObject({ messageId: replies[1]!.id });
    // The second model call's history has the first step's text before its tool call.
    const history = JSON.stringify(fake.requests[sent + 1]!.body.input);
    expect(history).toContain("Let me check.");
    expect(history.indexOf("Let me check.")).toBeLessThan(history.indexOf("function_call"));
  });

  it("every streamed delta of an answer names the answer's message", async () => {
    const { sessionId, turnId } = await open(chatAgent, "name the message");
    fake.script({ text: PIECES, usage: { input: 10, output: 40 } });
    await runTurn(turnId);
    const events = await eventsOf(sessionId);
    const reply = await db().sessionMessage.findFirstOrThrow({ where: { turnId, role: "ASSISTANT" } });
    const named = events
      .filter((event) => event.type === "message.delta")
      .map((event) => (event.data as { messageId?: string }).messageId);
    expect(named).toHaveLength(6);
    expect(new Set(named)).toEqual(new Set([reply.id]));
  });

  it("writes the text streamed before a failure before the failed turn.completed", async () => {
    // A provider that streams some text, then stalls until the turn's deadline aborts it.
    const stalled = new Set<ServerResponse>();
    const server = createServer((request, response) => {
      stalled.add(response);
      response.writeHead(200, { "content-type": "text/event-stream" });
      const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
      send({ type: "response.created", response: { id: "resp_1", created_at: 1_700_000_000, model: "fake" } });
      send({ type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_1" } });
      for (const delta of ["half ", "an ", "answer"])
        send({ type: "response.output_text.delta", item_id: "msg_1", delta });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    env.OPENAI_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      const { sessionId, turnId } = await open(chatAgent, "fail after text");
      await db().turn.update({ where: { id: turnId }, data: { deadlineAt: new Date(Date.now() + 1_500) } });
      await runTurn(turnId);
      const events = await eventsOf(sessionId);
      expect(events.map((event) => event.type)).toEqual(["turn.started", "message.delta", "turn.completed"]);
      expect(deltaTexts(events)).toEqual(["half an answer"]);
      expect(events.at(-1)).toMatchObject({ data: { status: "failed", errorCode: "TURN_DEADLINE_EXCEEDED" } });
    } finally {
      env.OPENAI_BASE_URL = fake.url;
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

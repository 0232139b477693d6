import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { ApiError, createCustomerClient, type SessionStreamEnvelope } from "../src/index.js";
import { SseParser } from "../src/runtime/sse.js";
import { errorEnvelope, scriptedServer, type Handler } from "./server.js";

describe("SSE parser", () => {
  test("assembles frames split at any byte, across CRLF, CR and LF, and skips comments", () => {
    const wire =
      'retry: 2000\n\n: heartbeat\n\nid: 3\r\nevent: snapshot\r\ndata: {"a":1}\r\n\r\nid: 4\revent: turn.started\rdata: x\rdata: y\r\r';
    for (let size = 1; size <= wire.length; size++) {
      const parser = new SseParser();
      const messages = [];
      for (let at = 0; at < wire.length; at += size) messages.push(...parser.push(wire.slice(at, at + size)));
      assert.deepEqual(
        messages.map((m) => [m.id, m.event, m.data, m.retry]),
        [
          [undefined, "message", "", 2000],
          ["3", "snapshot", '{"a":1}', undefined],
          ["4", "turn.started", "x\ny", undefined],
        ],
        `chunks of ${size}`,
      );
      assert.equal(parser.lastEventId, "4");
    }
  });

  test("an unfinished frame is not dispatched", () => {
    const parser = new SseParser();
    assert.deepEqual(parser.push("id: 1\ndata: {}\n"), []);
    assert.equal(parser.push("\n").length, 1);
  });
});

// A fake of the service's stream: `retry`, a snapshot at the resume point, then the events after it.
const SESSION = "0b0c5f1e-2b57-4f7a-8a3c-7c9a1e0d6f11";
const EVENTS = ["turn.started", "message.delta", "message.delta", "turn.completed"];

function frame(seq: number, event: string, data: Record<string, unknown>): string {
  return `id: ${seq}\nevent: ${event}\ndata: ${JSON.stringify({ v: 1, sessionId: SESSION, seq, ts: new Date(0).toISOString(), event, data })}\n\n`;
}

function streamHandler(options: { dropAfter?: number; reset?: boolean }): Handler {
  return (request, response) => {
    const last = request.headers["last-event-id"];
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.write("retry: 2000\n\n");
    let cursor = last === undefined ? 0 : Number(last);
    if (options.reset && last !== undefined) {
      response.write(frame(0, "stream.reset", { reason: "last_event_id_unavailable", lastEventId: String(last) }));
      cursor = 0;
    }
    response.write(frame(cursor, "snapshot", { id: SESSION }));
    response.write(": heartbeat\n\n");
    let sent = 0;
    for (let seq = cursor + 1; seq <= EVENTS.length; seq++) {
      if (options.dropAfter !== undefined && sent === options.dropAfter) {
        // Let what was written reach the client, then cut the connection mid-turn.
        setTimeout(() => response.socket?.destroy(), 50);
        return;
      }
      response.write(frame(seq, EVENTS[seq - 1]!, { n: seq }));
      sent++;
    }
    // Stays open like the real stream; the test ends iteration itself.
  };
}

const servers: Array<{ close: () => Promise<void> }> = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function collectUntilCompleted(iterator: AsyncIterable<SessionStreamEnvelope>): Promise<SessionStreamEnvelope[]> {
  const seen: SessionStreamEnvelope[] = [];
  for await (const envelope of iterator) {
    seen.push(envelope);
    if (envelope.event === "turn.completed") break;
  }
  return seen;
}

describe("session stream iterator", () => {
  test("reconnects after a drop with Last-Event-ID: every event once, in order", async () => {
    const server = await scriptedServer([streamHandler({ dropAfter: 2 }), streamHandler({})]);
    servers.push(server);
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
    const seen = await collectUntilCompleted(client.sessions.stream({ sessionId: SESSION }, { reconnectDelayMs: 10 }));
    assert.deepEqual(
      seen.map((e) => `${e.event}@${e.seq}`),
      ["snapshot@0", "turn.started@1", "message.delta@2", "message.delta@3", "turn.completed@4"],
    );
    assert.equal(server.requests.length, 2);
    assert.equal(server.requests[0]!.headers["last-event-id"], undefined);
    assert.equal(server.requests[1]!.headers["last-event-id"], "2");
    assert.equal(server.requests[1]!.headers.authorization, "Bearer yk_test");
    assert.equal(server.requests[1]!.headers.accept, "text/event-stream");
  });

  test("yields the resumed connection's snapshot too with resumeSnapshots (as the Python SDK's resume_snapshots)", async () => {
    const server = await scriptedServer([streamHandler({ dropAfter: 2 }), streamHandler({})]);
    servers.push(server);
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
    const stream = client.sessions.stream({ sessionId: SESSION }, { reconnectDelayMs: 10, resumeSnapshots: true });
    const seen = await collectUntilCompleted(stream);
    assert.deepEqual(
      seen.map((e) => `${e.event}@${e.seq}`),
      ["snapshot@0", "turn.started@1", "message.delta@2", "snapshot@2", "message.delta@3", "turn.completed@4"],
    );
  });

  test("passes stream.reset on and continues from the fresh snapshot", async () => {
    const server = await scriptedServer([streamHandler({ reset: true })]);
    servers.push(server);
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
    const seen = await collectUntilCompleted(client.sessions.stream({ sessionId: SESSION }, { lastEventId: 99 }));
    assert.equal(server.requests[0]!.headers["last-event-id"], "99");
    assert.deepEqual(
      seen.map((e) => `${e.event}@${e.seq}`),
      ["stream.reset@0", "snapshot@0", "turn.started@1", "message.delta@2", "message.delta@3", "turn.completed@4"],
    );
  });

  test("ends quietly when the signal aborts", async () => {
    const server = await scriptedServer([streamHandler({})]);
    servers.push(server);
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const envelope of client.sessions.stream({ sessionId: SESSION }, { signal: controller.signal })) {
      seen.push(envelope.event);
      if (envelope.event === "message.delta") controller.abort();
    }
    assert.deepEqual(seen, ["snapshot", "turn.started", "message.delta"]);
  });

  test("a 404 is thrown as ApiError, not retried", async () => {
    const server = await scriptedServer([errorEnvelope(404, "NOT_FOUND")]);
    servers.push(server);
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
    await assert.rejects(
      collectUntilCompleted(client.sessions.stream({ sessionId: SESSION })),
      (error: unknown) => error instanceof ApiError && error.code === "NOT_FOUND",
    );
    assert.equal(server.requests.length, 1);
  });

  test("a 503 on connect is retried", async () => {
    const server = await scriptedServer([errorEnvelope(503, "UNAVAILABLE", { "retry-after": "0" }), streamHandler({})]);
    servers.push(server);
    const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
    const seen = await collectUntilCompleted(client.sessions.stream({ sessionId: SESSION }));
    assert.equal(seen.at(-1)!.event, "turn.completed");
    assert.equal(server.requests.length, 2);
  });
});

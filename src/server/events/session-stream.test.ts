import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { actorIn } from "../../../test/factories";
import { logEvents, parseFrames, readFrames, sessionRow } from "../../../test/stream-kit";
import { db } from "@/server/db/client";
import { sessionHub } from "./session-hub";
import { resumePoint, sessionEventStream } from "./session-stream";

async function newSession() {
  const { organization, domain, user } = await actorIn();
  return sessionRow({ organizationId: organization.id, domainId: domain.id, ownerId: user.id });
}

const countEvents = (name: string) => (text: string) =>
  parseFrames(text).filter((frame) => frame.event === name).length;
const hasEvent = (name: string) => (text: string) => countEvents(name)(text) > 0;

describe("session event stream", () => {
  it("starts with retry, then a snapshot at the log's last seq, then live events in order", async () => {
    const session = await newSession();
    await logEvents(session.id, [["session.changed", { reason: "opened" }]]);
    const stream = sessionEventStream({
      sessionId: session.id,
      lastEventId: null,
      snapshot: async () => ({ title: "state" }),
    });
    await (await sessionHub()).listeningReady();
    const reading = readFrames(stream, (text) => countEvents("turn.completed")(text) === 1);
    // Awaited with the reading, so a failed write fails the test instead of timing it out.
    const writing = sleep(100).then(() =>
      logEvents(session.id, [
        ["turn.started", { n: 1 }],
        ["message.delta", { text: "hi" }],
        ["turn.completed", {}],
      ]),
    );
    const [text] = await Promise.all([reading, writing]);
    expect(text.startsWith("retry: 2000\n\n")).toBe(true);
    const frames = parseFrames(text).slice(1);
    expect(frames.map((frame) => frame.event)).toEqual(["snapshot", "turn.started", "message.delta", "turn.completed"]);
    expect(frames.map((frame) => frame.id)).toEqual(["1", "2", "3", "4"]);
    expect(frames[0]!.data).toMatchObject({
      v: 1,
      sessionId: session.id,
      seq: 1,
      event: "snapshot",
      data: { title: "state" },
    });
    expect(frames[2]!.data).toMatchObject({
      v: 1,
      sessionId: session.id,
      seq: 3,
      event: "message.delta",
      data: { text: "hi" },
    });
    expect(Number.isNaN(Date.parse(frames[2]!.data.ts))).toBe(false);
  });

  it("delivers events written without a notification on the hub's process-wide sweep", async () => {
    const session = await newSession();
    const stream = sessionEventStream({ sessionId: session.id, lastEventId: null, snapshot: async () => ({}) });
    const reading = readFrames(stream, (text) => countEvents("turn.completed")(text) === 1);
    // Written without appendEvent's NOTIFY: only the hub's sweep (every 30 s; here by hand) finds it.
    const writing = sleep(200).then(async () => {
      await db().agentSession.update({ where: { id: session.id }, data: { lastSeq: 1 } });
      await db().sessionEvent.create({ data: { sessionId: session.id, seq: 1, type: "turn.completed", data: {} } });
      await (await sessionHub()).sweep();
    });
    const [text] = await Promise.all([reading, writing]);
    const frames = parseFrames(text);
    expect(frames.at(-1)).toMatchObject({ id: "1", event: "turn.completed" });
  });

  it("resumes strictly after Last-Event-ID with no gap and no duplicate", async () => {
    const session = await newSession();
    await logEvents(session.id, [
      ["turn.started", {}],
      ["message.delta", { text: "a" }],
      ["message.delta", { text: "b" }],
      ["turn.completed", {}],
    ]);
    const stream = sessionEventStream({ sessionId: session.id, lastEventId: "2", snapshot: async () => ({}) });
    const frames = parseFrames(await readFrames(stream, hasEvent("turn.completed"))).slice(1);
    expect(frames.map((frame) => [frame.id, frame.event])).toEqual([
      ["2", "snapshot"],
      ["3", "message.delta"],
      ["4", "turn.completed"],
    ]);
  });

  it("a client that reconnects with the last id it saw gets every event exactly once across reconnects", async () => {
    const session = await newSession();
    await (await sessionHub()).listeningReady();
    const seen: string[] = [];
    let lastEventId = "0";
    // Three connections; events keep being committed while a connection is down.
    for (let round = 0; round < 3; round++) {
      const writing = logEvents(session.id, [
        ["message.delta", { round }],
        ["message.delta", { round }],
        ["tool_call.finished", { round }],
      ]);
      const stream = sessionEventStream({ sessionId: session.id, lastEventId, snapshot: async () => ({}) });
      const frames = parseFrames(
        await readFrames(stream, (text) =>
          parseFrames(text).some((frame) => frame.event === "tool_call.finished" && frame.data.data.round === round),
        ),
      );
      await writing;
      for (const frame of frames.slice(2)) seen.push(frame.id!);
      lastEventId = frames.at(-1)!.id!;
    }
    expect(seen).toEqual(Array.from({ length: 9 }, (_, index) => String(index + 1)));
  });

  it("resets a Last-Event-ID beyond the log or malformed, then sends a fresh snapshot", async () => {
    const session = await newSession();
    await logEvents(session.id, [
      ["turn.started", {}],
      ["turn.completed", {}],
    ]);
    for (const lastEventId of ["9", "abc"]) {
      const stream = sessionEventStream({
        sessionId: session.id,
        lastEventId,
        snapshot: async () => ({ fresh: true }),
      });
      const frames = parseFrames(await readFrames(stream, hasEvent("snapshot"))).slice(1);
      expect(frames.map((frame) => [frame.id, frame.event])).toEqual([
        ["2", "stream.reset"],
        ["2", "snapshot"],
      ]);
      expect(frames[1]!.data.data).toEqual({ fresh: true });
    }
  });

  it("sends heartbeat comments while idle and ends when the session is deleted", async () => {
    const session = await newSession();
    const stream = sessionEventStream({
      sessionId: session.id,
      lastEventId: null,
      snapshot: async () => ({}),
      heartbeatMs: 50,
    });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(": heartbeat\n\n")) text += decoder.decode((await reader.read()).value);
    await db().agentSession.delete({ where: { id: session.id } });
    await (await sessionHub()).sweep();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
    }
  });

  it("ends when the client goes away, and writers never wait on it", async () => {
    const session = await newSession();
    const abort = new AbortController();
    const stream = sessionEventStream({
      sessionId: session.id,
      lastEventId: null,
      snapshot: async () => ({}),
      signal: abort.signal,
    });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("event: snapshot")) text += decoder.decode((await reader.read()).value);
    abort.abort();
    await logEvents(session.id, [["turn.completed", {}]]);
    expect((await reader.read()).done).toBe(true);
  });
});

describe("resumePoint", () => {
  it("reads Last-Event-ID", () => {
    expect(resumePoint(null, 3)).toEqual({ kind: "fresh" });
    expect(resumePoint(" ", 3)).toEqual({ kind: "fresh" });
    expect(resumePoint("0", 3)).toEqual({ kind: "resume", afterSeq: 0 });
    expect(resumePoint("3", 3)).toEqual({ kind: "resume", afterSeq: 3 });
    expect(resumePoint("4", 3)).toEqual({ kind: "reset", requested: "4" });
    expect(resumePoint("-1", 3)).toEqual({ kind: "reset", requested: "-1" });
    expect(resumePoint("1.5", 3)).toEqual({ kind: "reset", requested: "1.5" });
  });
});

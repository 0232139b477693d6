import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { actorIn } from "../../../test/factories";
import { logEvents, sessionRow } from "../../../test/stream-kit";
import { db, ready } from "@/server/db/client";
import { appendEvents } from "@/server/execution/event-log";
import type { TSessionEventType } from "./event-types";
import { readEventsAfter, type TLoggedEvent } from "./read-events";
import { SessionHub, type TFollowHandle, type TReadEvents } from "./session-hub";

// An isolated hub per file (its own LISTEN and counters); a long sweep so only the tests sweep.
let hub: SessionHub;
beforeAll(async () => {
  hub = new SessionHub(await ready(), { sweepMs: 3_600_000 });
  await hub.listeningReady();
});
afterAll(async () => {
  await hub.close();
});

async function newSession() {
  const { organization, domain, user } = await actorIn();
  return sessionRow({ organizationId: organization.id, domainId: domain.id, ownerId: user.id });
}

/** A follower that records the seqs it was given and can wait for one. */
function recorder(sessionId: string, afterSeq: number) {
  const seqs: number[] = [];
  const waiters: Array<() => void> = [];
  let ended: string | null = null;
  const handle: TFollowHandle = hub.follow(sessionId, afterSeq, {
    onEvents: (events) => {
      for (const event of events) seqs.push(event.seq);
      for (const wake of waiters.splice(0)) wake();
    },
    onEnd: (reason) => {
      ended = reason;
      for (const wake of waiters.splice(0)) wake();
    },
  });
  const until = async (check: () => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out; got ${seqs.join(",")} ended=${ended}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return {
    seqs,
    handle,
    ended: () => ended,
    untilSeq: (seq: number) => until(() => seqs.includes(seq)),
    untilEnded: () => until(() => ended !== null),
  };
}

const deltas = (count: number) =>
  Array.from({ length: count }, (): [TSessionEventType, Record<string, unknown>] => ["message.delta", {}]);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Commits events without appendEvent's NOTIFY: only a catch-up can find them. */
async function silentEvents(sessionId: string, count: number) {
  const { lastSeq } = await db().agentSession.findUniqueOrThrow({
    where: { id: sessionId },
    select: { lastSeq: true },
  });
  for (let seq = lastSeq + 1; seq <= lastSeq + count; seq++) {
    await db().$transaction(async (tx) => {
      await tx.agentSession.update({ where: { id: sessionId }, data: { lastSeq: seq } });
      await tx.sessionEvent.create({ data: { sessionId, seq, type: "message.delta", data: { seq } } });
    });
  }
}

/** A follower that keeps each delivery as it came, once the shared reader is idle. */
async function settledFollower(sessionId: string) {
  const deliveries: TLoggedEvent[][] = [];
  const handle = hub.follow(sessionId, 0, { onEvents: (events) => deliveries.push([...events]) });
  await vi.waitFor(() => expect(hub.isReading(sessionId)).toBe(false));
  return { deliveries, handle, delivered: () => deliveries.flat() };
}

describe("session hub", () => {
  it("gives 1,000 followers of one session every event in order, reading the log once per wake", async () => {
    const session = await newSession();
    const followers = Array.from({ length: 1_000 }, () => recorder(session.id, 0));
    const before = { ...hub.stats };
    await logEvents(session.id, [
      ["turn.started", {}],
      ["message.delta", { text: "a" }],
      ["message.delta", { text: "b" }],
      ["tool_call.started", {}],
      ["turn.completed", {}],
    ]);
    for (const follower of followers) await follower.untilSeq(5);
    for (const follower of followers) expect(follower.seqs).toEqual([1, 2, 3, 4, 5]);
    // One shared read per notification at most (plus the first follower's initial read);
    // 1,000 per-follower reads would be > 1,000.
    expect(hub.stats.sharedReads - before.sharedReads).toBeLessThanOrEqual(6);
    expect(hub.stats.followerReads - before.followerReads).toBe(0);
    for (const follower of followers) follower.handle.close();
    expect(hub.size().sessions).toBe(0);
  });

  it("catches a late joiner up from its own cursor, then merges it into the feed without gap or duplicate", async () => {
    const session = await newSession();
    const early = recorder(session.id, 0);
    await logEvents(session.id, deltas(6));
    await early.untilSeq(6);
    const before = hub.stats.followerReads;
    // Joiners at several cursors behind the head, while more events are being committed.
    const writing = logEvents(session.id, deltas(20));
    const late = [recorder(session.id, 2), recorder(session.id, 0), recorder(session.id, 5)];
    await writing;
    const ahead = recorder(session.id, 26);
    await logEvents(session.id, [["turn.completed", {}]]);
    for (const follower of [early, ...late, ahead]) await follower.untilSeq(27);
    expect(early.seqs).toEqual(range(1, 27));
    expect(late[0]!.seqs).toEqual(range(3, 27));
    expect(late[1]!.seqs).toEqual(range(1, 27));
    expect(late[2]!.seqs).toEqual(range(6, 27));
    expect(ahead.seqs).toEqual([27]);
    expect(hub.stats.followerReads).toBeGreaterThan(before);
    for (const follower of [early, ...late, ahead]) follower.handle.close();
  });

  it("delivers events that came without a notification on the process-wide sweep, and ends followers of a deleted session", async () => {
    const session = await newSession();
    const other = await newSession();
    const followers = [recorder(session.id, 0), recorder(session.id, 0)];
    const gone = recorder(other.id, 0);
    await silentEvents(session.id, 3);
    await db().agentSession.delete({ where: { id: other.id } });
    const reads = hub.stats.followerReads;
    await hub.sweep();
    for (const follower of followers) await follower.untilSeq(3);
    for (const follower of followers) expect(follower.seqs).toEqual([1, 2, 3]);
    await gone.untilEnded();
    expect(gone.ended()).toBe("deleted");
    expect(hub.stats.followerReads).toBe(reads);
    for (const follower of followers) follower.handle.close();
  });

  it.skipIf(!process.env.TEST_DB?.startsWith("postgres"))(
    "catches every follower up once after the LISTEN connection was killed",
    async () => {
      const sessions = [await newSession(), await newSession()];
      const followers = sessions.flatMap((session) => Array.from({ length: 50 }, () => recorder(session.id, 0)));
      await logEvents(sessions[0]!.id, [["turn.started", {}]]);
      for (const follower of followers.slice(0, 50)) await follower.untilSeq(1);
      const pid = hub.listenerPid();
      expect(pid).not.toBeNull();
      const sweeps = hub.stats.sweeps;
      const followerReads = hub.stats.followerReads;
      await db().$queryRawUnsafe(`SELECT pg_terminate_backend(${pid})`);
      // Committed while nobody listens: their NOTIFYs are lost.
      await logEvents(sessions[0]!.id, [
        ["message.delta", {}],
        ["turn.completed", {}],
      ]);
      await logEvents(sessions[1]!.id, [
        ["turn.started", {}],
        ["turn.completed", {}],
      ]);
      for (const follower of followers.slice(0, 50)) await follower.untilSeq(3);
      for (const follower of followers.slice(50)) await follower.untilSeq(2);
      for (const follower of followers.slice(0, 50)) expect(follower.seqs).toEqual([1, 2, 3]);
      for (const follower of followers.slice(50)) expect(follower.seqs).toEqual([1, 2]);
      // Found by the reconnect's one catch-up, not by followers reading on their own.
      expect(hub.stats.sweeps).toBe(sweeps + 1);
      expect(hub.stats.followerReads).toBe(followerReads);
      expect(hub.listenerPid()).not.toBe(pid);
      for (const follower of followers) follower.handle.close();
    },
  );

  it("hands an up-to-date follower the events their notifications carry, one delivery per commit, without a read", async () => {
    const session = await newSession();
    const follower = await settledFollower(session.id);
    const before = { ...hub.stats };
    const events: Array<{ type: TSessionEventType; data: Record<string, unknown> }> = [
      { type: "turn.started", data: { executionId: "e1", nested: { list: [1, 2.5, "three", null], flag: true } } },
      { type: "message.delta", data: { text: 'héllo \u2028 "quoted" 😀' } },
      { type: "turn.completed", data: {} },
    ];
    await db().$transaction((tx) => appendEvents(tx, session.id, events));
    await vi.waitFor(() => expect(follower.delivered()).toHaveLength(3));
    expect(follower.deliveries).toHaveLength(1);
    // Exactly what a read of the log gives: seq, type, data and the time, to the millisecond.
    expect(follower.delivered()).toEqual(await readEventsAfter(session.id, 0));
    expect(hub.stats.sharedReads).toBe(before.sharedReads);
    expect(hub.stats.notifiedEvents - before.notifiedEvents).toBe(3);
    follower.handle.close();
  });

  it("reads the log for an event too large for its notification, and after a gap in the notified seqs", async () => {
    const session = await newSession();
    const follower = await settledFollower(session.id);
    const reads = hub.stats.sharedReads;
    const large = "x".repeat(9_000);
    await logEvents(session.id, [["message.delta", { text: large }]]);
    await vi.waitFor(() => expect(follower.delivered()).toHaveLength(1));
    expect(follower.delivered()[0]!.data).toEqual({ text: large });
    expect(hub.stats.sharedReads).toBe(reads + 1);
    await vi.waitFor(() => expect(hub.isReading(session.id)).toBe(false));
    // Seq 2 commits without a notification; seq 3's notification is then not the next one.
    await silentEvents(session.id, 1);
    await logEvents(session.id, [["turn.completed", {}]]);
    await vi.waitFor(() => expect(follower.delivered().map((event) => event.seq)).toEqual([1, 2, 3]));
    expect(hub.stats.sharedReads).toBeGreaterThan(reads + 1);
    follower.handle.close();
  });

  describe("events notified while the shared reader reads", () => {
    /**
     * A hub of its own whose first read is held open: `before` holds it before reading the log
     * (the read then sees what commits meanwhile), `after` once it has read (it misses it).
     */
    async function racedHub(hold: "before" | "after") {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let read!: () => void;
      const hasRead = new Promise<void>((resolve) => (read = resolve));
      let first = true;
      const readEvents: TReadEvents = async (sessionId, afterSeq) => {
        if (!first) return readEventsAfter(sessionId, afterSeq);
        first = false;
        if (hold === "before") await released;
        const events = await readEventsAfter(sessionId, afterSeq);
        read();
        if (hold === "after") await released;
        return events;
      };
      const raced = new SessionHub(await ready(), { sweepMs: 3_600_000, readEvents });
      await raced.listeningReady();
      return { raced, release, hasRead };
    }

    /** Follows from seq 0 on `raced`, recording each delivery. */
    function follow(raced: SessionHub, sessionId: string) {
      const deliveries: number[][] = [];
      const handle = raced.follow(sessionId, 0, {
        onEvents: (events) => deliveries.push(events.map((event) => event.seq)),
      });
      return { deliveries, handle, seqs: () => deliveries.flat() };
    }

    it("hands on the events a read missed from their notifications, without reading again", async () => {
      const session = await newSession();
      const { raced, release, hasRead } = await racedHub("after");
      const follower = follow(raced, session.id);
      await hasRead;
      // A turn writing while its stream connects: committed after the read, before it returns.
      await logEvents(session.id, [
        ["turn.started", {}],
        ["message.delta", { text: "a" }],
        ["turn.completed", {}],
      ]);
      await vi.waitFor(() => expect(raced.stats.heldBackEvents).toBe(3));
      release();
      await vi.waitFor(() => expect(follower.seqs()).toEqual([1, 2, 3]));
      expect(raced.stats.sharedReads).toBe(1);
      expect(raced.stats.notifiedEvents).toBe(3);
      await vi.waitFor(() => expect(raced.isReading(session.id)).toBe(false));
      expect(follower.seqs()).toEqual([1, 2, 3]);
      follower.handle.close();
      await raced.close();
    });

    it("drops what the read already returned: every event once, in order", async () => {
      const session = await newSession();
      const { raced, release } = await racedHub("before");
      const follower = follow(raced, session.id);
      await logEvents(session.id, [
        ["turn.started", {}],
        ["turn.completed", {}],
      ]);
      await vi.waitFor(() => expect(raced.stats.heldBackEvents).toBe(2));
      release();
      await vi.waitFor(() => expect(follower.seqs()).toEqual([1, 2]));
      await vi.waitFor(() => expect(raced.isReading(session.id)).toBe(false));
      expect(follower.deliveries).toEqual([[1, 2]]);
      expect(raced.stats.sharedReads).toBe(1);
      expect(raced.stats.notifiedEvents).toBe(0);
      follower.handle.close();
      await raced.close();
    });

    it("reads again when a held-back event does not continue the feed (a commit nobody notified)", async () => {
      const session = await newSession();
      const { raced, release, hasRead } = await racedHub("after");
      const follower = follow(raced, session.id);
      await hasRead;
      await silentEvents(session.id, 1);
      await logEvents(session.id, [["turn.completed", {}]]);
      await vi.waitFor(() => expect(raced.stats.heldBackEvents).toBe(1));
      release();
      await vi.waitFor(() => expect(follower.seqs()).toEqual([1, 2]));
      expect(raced.stats.sharedReads).toBe(2);
      follower.handle.close();
      await raced.close();
    });
  });
});

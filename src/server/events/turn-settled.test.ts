import { describe, expect, it } from "vitest";
import { actorIn } from "../../../test/factories";
import { logEvents, sessionRow } from "../../../test/stream-kit";
import { db } from "@/server/db/client";
import { appendEvent } from "@/server/execution/event-log";
import type { TLoggedEvent } from "./read-events";
import { sessionHub } from "./session-hub";
import { waitForTurnSettled } from "./turn-settled";

async function queuedTurn() {
  const { organization, domain, user } = await actorIn();
  const session = await sessionRow({ organizationId: organization.id, domainId: domain.id, ownerId: user.id });
  const turn = await db().turn.create({
    data: {
      sessionId: session.id,
      organizationId: organization.id,
      number: 1,
      deadlineAt: new Date(Date.now() + 600_000),
    },
  });
  return { sessionId: session.id, turnId: turn.id };
}

/** Settles the turn the way turn-settle.ts does: row and event in one transaction. */
async function settle(sessionId: string, turnId: string, status: "COMPLETED" | "FAILED" | "SUSPENDED") {
  await db().$transaction(async (tx) => {
    await tx.turn.update({ where: { id: turnId }, data: { status } });
    if (status === "SUSPENDED")
      await appendEvent(tx, sessionId, "turn.suspended", { executionId: turnId, toolName: "service.http.post" });
    else
      await appendEvent(tx, sessionId, "turn.completed", {
        executionId: turnId,
        status: status === "FAILED" ? "failed" : "completed",
      });
  });
}

const later = (ms: number, work: () => Promise<unknown>) =>
  new Promise((resolve, reject) => setTimeout(() => void work().then(resolve, reject), ms));

describe("waitForTurnSettled", () => {
  for (const [status, expected] of [
    ["COMPLETED", "completed"],
    ["FAILED", "failed"],
    ["SUSPENDED", "suspended"],
  ] as const) {
    it(`resolves ${expected} on the turn's event, reporting the events before it`, async () => {
      const { sessionId, turnId } = await queuedTurn();
      await (await sessionHub()).listeningReady();
      const seen: TLoggedEvent[] = [];
      const engine = later(100, async () => {
        await logEvents(sessionId, [
          ["turn.started", { executionId: turnId }],
          ["message.delta", { text: "x" }],
        ]);
        await settle(sessionId, turnId, status);
      });
      const result = await waitForTurnSettled({
        sessionId,
        turnId,
        deadline: Date.now() + 10_000,
        onEvent: (event) => void seen.push(event),
      });
      await engine;
      expect(result).toEqual({ status: expected });
      expect(seen.map((event) => event.seq)).toEqual([1, 2, 3]);
      expect(seen.at(-1)!.type).toBe(status === "SUSPENDED" ? "turn.suspended" : "turn.completed");
    });
  }

  it("answers at once for a turn that settled before the wait, from the row", async () => {
    const { sessionId, turnId } = await queuedTurn();
    await settle(sessionId, turnId, "FAILED");
    expect(await waitForTurnSettled({ sessionId, turnId, deadline: Date.now() + 10_000 })).toEqual({
      status: "failed",
    });
  });

  it("with until 'finished', waits through a suspension and ignores other turns' events", async () => {
    const { sessionId, turnId } = await queuedTurn();
    await (await sessionHub()).listeningReady();
    const engine = later(100, async () => {
      await settle(sessionId, turnId, "SUSPENDED");
      await logEvents(sessionId, [["turn.completed", { executionId: crypto.randomUUID(), status: "completed" }]]);
      await db().turn.update({ where: { id: turnId }, data: { status: "RUNNING" } });
      await settle(sessionId, turnId, "COMPLETED");
    });
    const result = await waitForTurnSettled({ sessionId, turnId, deadline: Date.now() + 10_000, until: "finished" });
    await engine;
    expect(result).toEqual({ status: "completed" });
    const events = await db().sessionEvent.count({ where: { sessionId } });
    expect(events).toBe(3);
  });

  it("finds a settlement whose event it missed on the hub's catch-up", async () => {
    const { sessionId, turnId } = await queuedTurn();
    const waiting = waitForTurnSettled({ sessionId, turnId, deadline: Date.now() + 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The row settles with no event at all: only the re-check after a catch-up can see it.
    await db().turn.update({ where: { id: turnId }, data: { status: "COMPLETED" } });
    await (await sessionHub()).sweep();
    expect(await waiting).toEqual({ status: "completed" });
  });

  it("answers running at the deadline and when the signal aborts", async () => {
    const { sessionId, turnId } = await queuedTurn();
    expect(await waitForTurnSettled({ sessionId, turnId, deadline: Date.now() + 200 })).toEqual({ status: "running" });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    expect(
      await waitForTurnSettled({ sessionId, turnId, deadline: Date.now() + 60_000, signal: abort.signal }),
    ).toEqual({ status: "running" });
  });
});

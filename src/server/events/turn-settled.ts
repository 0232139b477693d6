import { db } from "@/server/db/client";
import { EVENT_PAGE_SIZE, lastSeqOf, readEventsAfter, type TLoggedEvent } from "./read-events";
import { sessionHub } from "./session-hub";

/**
 * How a wait for a turn ended. `completed`/`failed`/`suspended` come from the turn row's
 * status; `running` means the deadline passed or the signal aborted first; `gone` means the
 * session (or the turn) no longer exists.
 */
export type TTurnSettlement = { status: "completed" | "failed" | "suspended" | "running" | "gone" };

export type TWaitForTurnOptions = {
  sessionId: string;
  turnId: string;
  /** Stop waiting at this time (epoch ms) and answer `running`. */
  deadline: number;
  signal?: AbortSignal;
  /**
   * `settled` (default) also ends on a suspension (the turn waits for an approval); `finished`
   * waits through suspensions until the turn completed or failed (a flow step waiting for its
   * child agent's answer).
   */
  until?: "settled" | "finished";
  /**
   * Report the session's events after this seq to `onEvent` while waiting (progress). Defaults
   * to the session's last seq when the wait starts.
   */
  afterSeq?: number;
  /** Each event after `afterSeq`, in order, until the wait ends; awaited before the wait resolves. */
  onEvent?: (event: TLoggedEvent) => Promise<void> | void;
};

const ROW_STATUS: Record<string, TTurnSettlement["status"]> = {
  COMPLETED: "completed",
  FAILED: "failed",
  SUSPENDED: "suspended",
};

/**
 * Waits until a turn settles, following its session through the process's session hub (no
 * polling of its own): resolves on the turn's `turn.completed` (completed or failed, see
 * turn-settle.ts) or `turn.suspended` event, the deadline, or the signal. The turn row is read
 * at the start (the event may be past already), after every process-wide catch-up and at the
 * deadline, so a settlement is found even if its event was missed. Works for turns run by any
 * process.
 *
 * For the flow agent step: `await waitForTurnSettled({ sessionId, turnId, deadline, until: "finished" })`.
 */
export async function waitForTurnSettled(options: TWaitForTurnOptions): Promise<TTurnSettlement> {
  const finishedOnly = options.until === "finished";
  const settles = (status: string | undefined): TTurnSettlement["status"] | null => {
    const mapped = status ? ROW_STATUS[status] : undefined;
    if (!mapped || (finishedOnly && mapped === "suspended")) return null;
    return mapped;
  };
  const checkRow = async (): Promise<TTurnSettlement["status"] | null> => {
    const turn = await db().turn.findUnique({ where: { id: options.turnId }, select: { status: true } });
    return turn ? settles(turn.status) : "gone";
  };
  // The cursor is taken before the row is read: a settlement after the read has a later seq.
  const afterSeq = options.afterSeq ?? (await lastSeqOf(options.sessionId));
  if (afterSeq === null) return { status: "gone" };
  const atStart = await checkRow();
  if (atStart) {
    await reportBacklog(options, afterSeq);
    return { status: atStart };
  }
  if (options.signal?.aborted || Date.now() >= options.deadline) return { status: "running" };

  const hub = await sessionHub();
  let progress = Promise.resolve();
  const status = await new Promise<TTurnSettlement["status"]>((resolve) => {
    let over = false;
    const finish = (status: TTurnSettlement["status"]) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      follow.close();
      resolve(status);
    };
    const onAbort = () => finish("running");
    const recheck = () =>
      void checkRow().then(
        (status) => status && finish(status),
        () => undefined,
      );
    const follow = hub.follow(options.sessionId, afterSeq, {
      onEvents: (events) => {
        for (const event of events) {
          if (over) return;
          if (options.onEvent) {
            const report = options.onEvent;
            progress = progress.then(() => report(event));
          }
          const settled = settlementOf(event, options.turnId, finishedOnly);
          // The row is the truth for the outcome (the event's status mirrors it).
          if (settled) finish(settled);
        }
      },
      onEnd: (reason) => finish(reason === "deleted" ? "gone" : "running"),
      onCatchUp: recheck,
    });
    // At the deadline, one last look at the row: an event may have been missed.
    const timer = setTimeout(
      () => {
        void checkRow().then(
          (status) => finish(status ?? "running"),
          () => finish("running"),
        );
      },
      Math.max(0, options.deadline - Date.now()),
    );
    timer.unref?.();
    options.signal?.addEventListener("abort", onAbort, { once: true });
  });
  await progress;
  return { status };
}

/** The settlement an event announces for `turnId`, if any. */
function settlementOf(event: TLoggedEvent, turnId: string, finishedOnly: boolean): TTurnSettlement["status"] | null {
  if (event.data.executionId !== turnId) return null;
  if (event.type === "turn.completed") return event.data.status === "failed" ? "failed" : "completed";
  if (event.type === "turn.suspended" && !finishedOnly) return "suspended";
  return null;
}

/** A turn settled before the wait began: its events after `afterSeq` are still reported. */
async function reportBacklog(options: TWaitForTurnOptions, afterSeq: number): Promise<void> {
  if (!options.onEvent) return;
  let cursor = afterSeq;
  for (;;) {
    const events = await readEventsAfter(options.sessionId, cursor);
    for (const event of events) await options.onEvent(event);
    if (events.length < EVENT_PAGE_SIZE) return;
    cursor = events.at(-1)!.seq;
  }
}

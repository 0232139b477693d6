import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { releaseLostWaitingTurns } from "@/server/execution/waiting-turns";
import { DEADLINE_MESSAGE, failTurn } from "./turn-settle";

export const QUEUE_TIMEOUT_MESSAGE =
  "The turn waited too long to start (TURN_QUEUE_TIMEOUT_SECONDS) and was not run; send the message again.";

/**
 * The sweeper: fails every unsettled turn past its bound: one never started, queued longer than
 * TURN_QUEUE_TIMEOUT_SECONDS (TURN_QUEUE_TIMEOUT); one running, suspended for an approval, or
 * orphaned by a worker that died on its last retry, past its execution deadline
 * (TURN_DEADLINE_EXCEEDED). Runs on a schedule in engine processes; safe to run anywhere and
 * concurrently (settling is conditional).
 */
export async function sweepExpiredTurns(now = new Date()): Promise<number> {
  const queuedSince = new Date(now.getTime() - env.TURN_QUEUE_TIMEOUT_SECONDS * 1000);
  const [waited, expired] = await Promise.all([
    db().turn.findMany({
      // A turn waiting behind another (waitingSince) has no job yet: its wait is not queued time.
      where: { status: "QUEUED", attempts: 0, waitingSince: null, queuedAt: { lte: queuedSince } },
      select: { id: true, sessionId: true },
      take: 500,
    }),
    db().turn.findMany({
      where: {
        OR: [{ status: { in: ["RUNNING", "SUSPENDED"] } }, { status: "QUEUED", attempts: { gt: 0 } }],
        deadlineAt: { lte: now },
      },
      select: { id: true, sessionId: true },
      take: 500,
    }),
  ]);
  let failed = 0;
  const settle = async (turn: { id: string; sessionId: string }, code: string, message: string) => {
    if (await failTurn({ sessionId: turn.sessionId, turnId: turn.id, code, message })) failed++;
  };
  for (const turn of waited) await settle(turn, "TURN_QUEUE_TIMEOUT", QUEUE_TIMEOUT_MESSAGE);
  for (const turn of expired) await settle(turn, "TURN_DEADLINE_EXCEEDED", DEADLINE_MESSAGE);
  if (failed) log.info("turns past their bound failed", { count: failed });
  await releaseLostWaitingTurns();
  return failed;
}

/** A job that exhausted its retries: the turn is failed instead of staying RUNNING until its deadline. */
export async function failInterruptedTurn(turnId: string): Promise<void> {
  const turn = await db().turn.findUnique({ where: { id: turnId }, select: { sessionId: true } });
  if (!turn) return;
  await failTurn({
    sessionId: turn.sessionId,
    turnId,
    code: "TURN_INTERRUPTED",
    message: "The turn failed repeatedly while running and was stopped.",
  });
}

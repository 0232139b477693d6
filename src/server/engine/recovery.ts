import { db } from "@/server/db/client";
import { log } from "@/server/log";
import { releaseLostWaitingTurns } from "./release-waiting-turns";
import { DEADLINE_MESSAGE, failTurn } from "./turn-settle";

/**
 * The sweeper: fails every unsettled turn past its execution deadline (queued, running,
 * suspended for an approval, or orphaned by a worker that died on its last retry). Runs on a
 * schedule in engine processes; safe to run anywhere and concurrently (settling is conditional).
 */
export async function sweepExpiredTurns(now = new Date()): Promise<number> {
  const expired = await db().turn.findMany({
    where: { status: { in: ["QUEUED", "RUNNING", "SUSPENDED"] }, deadlineAt: { lte: now } },
    select: { id: true, sessionId: true },
    take: 500,
  });
  let failed = 0;
  for (const turn of expired) {
    if (
      await failTurn({
        sessionId: turn.sessionId,
        turnId: turn.id,
        code: "TURN_DEADLINE_EXCEEDED",
        message: DEADLINE_MESSAGE,
      })
    )
      failed++;
  }
  if (failed) log.info("turns past their deadline failed", { count: failed });
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

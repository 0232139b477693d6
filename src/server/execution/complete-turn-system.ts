import { atomically, queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import type { TModelStep, TModelUsage } from "@/server/models/types";
import { appendEventsSql, type TNewEvent } from "./event-log";
import type { TSettleHooks } from "./settle-hooks";
import { recordTurnUsage, usageIncrements } from "./turn-usage";
import { releaseWaitingTurn } from "./waiting-turns";

/**
 * The answer: the rest of its streamed text, the answering step's usage, ASSISTANT message,
 * its text (unless streamed), COMPLETED, grant gone; one commit. `hasGrant`,
 * `assistantSession` and `webhookSubscribed` come from the claim (unknown means yes): a turn
 * without a grant, a worker or a webhook endpoint skips the statements that would find none. A
 * turn settled meanwhile (cancelled, failed) gets only the usage: the model call was made either
 * way. A settled turn frees its conversation: a message that arrived meanwhile waits in a turn
 * of its own, which gets its job here (releaseWaitingTurn, docs/conversations.md). `hooks`: the
 * product areas' part (settle-hooks.ts).
 */
export type TCompleteTurn = {
  sessionId: string;
  turnId: string;
  text: string;
  streamed: boolean;
  streamedTail?: string;
  usage?: TModelUsage;
  hasGrant?: boolean;
  assistantSession?: boolean;
  /** The organization has an enabled webhook endpoint (only then can the settle have an event to record). */
  webhookSubscribed?: boolean;
  /** Why the model stopped; "length" (its output limit) is recorded on turn.completed. */
  stopReason?: TModelStep["stopReason"];
  /** The answer's id, which its streamed message.delta events already named. */
  messageId?: string;
};

export async function completeTurn(options: TCompleteTurn, hooks: TSettleHooks): Promise<void> {
  // Without a grant to drop, a worker or an endpoint to tell, the settlement is one statement (settleAnswer),
  // atomic by itself: the turn's last round trips are not spent on BEGIN and COMMIT.
  const alone = options.hasGrant === false && options.assistantSession === false && options.webhookSubscribed === false;
  await atomically(alone, async (tx) => {
    const messageId = options.messageId ?? crypto.randomUUID();
    // The answer's last streamed text (or, unstreamed, the whole answer) and turn.completed, in order.
    const events: TNewEvent[] = [];
    if (options.streamedTail)
      events.push({
        type: "message.delta",
        data: { executionId: options.turnId, messageId, text: options.streamedTail },
      });
    if (!options.streamed)
      events.push({ type: "message.delta", data: { executionId: options.turnId, messageId, text: options.text } });
    // A length stop is an answer the model did not finish: said so, never passed off as whole.
    const cut = options.stopReason === "length" ? { stopReason: "length" } : {};
    events.push({
      type: "turn.completed",
      data: { executionId: options.turnId, status: "completed", messageId, ...cut },
    });
    const { settled, followed } = await settleAnswer(tx, { ...options, messageId, events });
    if (!settled) {
      if (options.usage) await recordTurnUsage(tx, options.turnId, options.usage);
      return;
    }
    if (options.hasGrant !== false) await hooks.dropGrant(tx, options.turnId);
    if (options.assistantSession !== false)
      await hooks.onSettled(tx, {
        sessionId: options.sessionId,
        turnId: options.turnId,
        messageId,
        outcome: "ok",
      });
    if (options.webhookSubscribed !== false)
      await hooks.announce(tx, { sessionId: options.sessionId, turnId: options.turnId, status: "completed" });
    // A statement after the settling one, never a CTE of it: a message that marked this turn
    // followed while it ran committed its waiting turn before settleAnswer could update the row,
    // and settleAnswer's snapshot predates that commit (releaseWaitingTurn); the mark itself is
    // on the row, so RETURNING sees it. Nobody waiting: no statement. On the one-statement path
    // the settle has committed already: a process that dies right here leaves the waiting turn
    // without its job, and the minute sweep (releaseLostWaitingTurns) gives it one.
    if (followed) await releaseWaitingTurn(tx, options.sessionId);
  });
}

/**
 * COMPLETED with the answering step's usage, the ASSISTANT message and the events, in one
 * statement, all only if the turn is still RUNNING (the answer of every turn goes through here,
 * so it is one round trip, not four). Returns whether it settled the turn, and whether a later
 * message waits behind it (`followed`).
 */
async function settleAnswer(
  tx: TTransaction,
  o: { sessionId: string; turnId: string; text: string; usage?: TModelUsage; messageId: string; events: TNewEvent[] },
): Promise<{ settled: boolean; followed: boolean }> {
  const now = new Date();
  const usage = o.usage ? usageIncrements(o.usage) : null;
  const append = appendEventsSql(o.sessionId, o.events, now, Prisma.sql`EXISTS (SELECT 1 FROM settled)`);
  const [row] = await queryRows<{ settled: boolean; followed: boolean; notified: string | null }>(
    tx,
    Prisma.sql`
    WITH settled AS (
      UPDATE turns SET status = 'COMPLETED', "finishedAt" = ${now}::timestamp(3),
        "inputTokens" = "inputTokens" + ${usage?.inputTokens.increment ?? 0}::int,
        "outputTokens" = "outputTokens" + ${usage?.outputTokens.increment ?? 0}::int,
        "costMicroUsd" = "costMicroUsd" + ${String(usage?.costMicroUsd.increment ?? 0n)}::bigint
      WHERE id = ${o.turnId}::uuid AND status = 'RUNNING'
      RETURNING id, followed
    ), answer AS (
      INSERT INTO session_messages (id, "sessionId", "turnId", role, body, "createdAt")
      SELECT ${o.messageId}::uuid, ${o.sessionId}::uuid, settled.id, 'ASSISTANT'::"MessageRole", ${o.text}, ${now}::timestamp(3) FROM settled
    ), ${append.members}
    SELECT EXISTS (SELECT 1 FROM settled) AS settled, COALESCE((SELECT followed FROM settled), false) AS followed,
      (SELECT max(${append.notify}) FROM appended) AS notified`,
  );
  return { settled: row!.settled, followed: row!.followed };
}

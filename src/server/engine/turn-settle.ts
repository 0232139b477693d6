import { onAssistantTurnSettled } from "@/server/services/assistant/conversation/on-turn-settled";
import { recordTurnUsage, usageIncrements } from "@/server/services/budget/record-turn-usage";
import { atomically, db, queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { appendEventsSql, type TNewEvent } from "@/server/events/append-event";
import { deleteCallerGrant } from "@/server/services/caller-credentials/grants";
import { failTurnTx } from "@/server/services/sessions/fail-turn";
import { releaseWaitingTurn } from "./release-waiting-turns";
import type { TModelStep, TModelUsage } from "@/server/models/types";

/** Deletes the turn's caller grant, if it has one: material never outlives its execution (section 5). */
export async function dropGrant(tx: TTransaction, turnId: string): Promise<void> {
  await deleteCallerGrant(tx, turnId);
}

/** Adds one model step's usage to the turn. */
export async function recordUsage(turnId: string, usage: TModelUsage): Promise<void> {
  // One statement, atomic by itself: BEGIN and COMMIT would be two more round trips per step.
  await recordTurnUsage(db(), turnId, usage);
}

/** Stores the text a model wrote in a tool-calling step as an ASSISTANT message of the turn. */
export async function recordStepText(
  context: { sessionId: string; turnId: string },
  messageId: string,
  text: string,
): Promise<void> {
  await db().sessionMessage.create({
    data: { id: messageId, sessionId: context.sessionId, turnId: context.turnId, role: "ASSISTANT", body: text },
    select: { id: true },
  });
}

/**
 * The answer: the rest of its streamed text, the answering step's usage, ASSISTANT message,
 * its text (unless streamed), COMPLETED, grant gone; one commit. `hasGrant` and
 * `assistantSession` come from the claim (unknown means yes): a turn without a grant or a
 * worker skips the statements that would find none. A turn settled meanwhile (cancelled,
 * failed) gets only the usage: the model call was made either way. A settled turn frees its
 * conversation: a message that arrived meanwhile waits in a turn of its own, which gets its job
 * here (releaseWaitingTurn, docs/conversations.md).
 */
export async function completeTurn(options: {
  sessionId: string;
  turnId: string;
  text: string;
  streamed: boolean;
  streamedTail?: string;
  usage?: TModelUsage;
  hasGrant?: boolean;
  assistantSession?: boolean;
  /** Why the model stopped; "length" (its output limit) is recorded on turn.completed. */
  stopReason?: TModelStep["stopReason"];
  /** The answer's id, which its streamed message.delta events already named. */
  messageId?: string;
}): Promise<void> {
  // Without a grant to drop or a worker to tell, the settlement is one statement (settleAnswer),
  // atomic by itself: the turn's last round trips are not spent on BEGIN and COMMIT.
  await atomically(options.hasGrant === false && options.assistantSession === false, async (tx) => {
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
    if (options.hasGrant !== false) await dropGrant(tx, options.turnId);
    if (options.assistantSession !== false)
      await onAssistantTurnSettled(tx, {
        sessionId: options.sessionId,
        turnId: options.turnId,
        messageId,
        outcome: "ok",
      });
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

export { failTurnTx };

export function failTurn(options: {
  sessionId: string;
  turnId: string;
  code: string;
  message: string;
}): Promise<boolean> {
  return db().$transaction((tx) => failTurnTx(tx, options));
}

export const DEADLINE_MESSAGE = "The turn ran past its execution deadline and was stopped.";

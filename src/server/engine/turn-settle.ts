import { onAssistantTurnSettled } from "@/server/services/assistant/conversation/on-turn-settled";
import { recordTurnUsage, usageIncrements } from "@/server/services/budget/record-turn-usage";
import { db, type TTransaction } from "@/server/db/client";
import { appendEvents } from "@/server/events/append-event";
import { deleteCallerGrant } from "@/server/services/caller-credentials/grants";
import { failTurnTx } from "@/server/services/sessions/fail-turn";
import type { TModelUsage } from "@/server/models/types";

/** Deletes the turn's caller grant, if it has one: material never outlives its execution (section 5). */
export async function dropGrant(tx: TTransaction, turnId: string): Promise<void> {
  await deleteCallerGrant(tx, turnId);
}

/** Adds one model step's usage to the turn. */
export async function recordUsage(turnId: string, usage: TModelUsage): Promise<void> {
  await db().$transaction((tx) => recordTurnUsage(tx, turnId, usage));
}

/**
 * The answer: the rest of its streamed text, the answering step's usage, ASSISTANT message,
 * its text (unless streamed), COMPLETED, grant gone; one commit. `hasGrant` and
 * `assistantSession` come from the claim (unknown means yes): a turn without a grant or a
 * worker skips the statements that would find none. The streamed rest and the
 * usage are written even when the turn settled meanwhile (streamed text always reaches the
 * log, and the model call was made either way).
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
}): Promise<void> {
  await db().$transaction(async (tx) => {
    // The usage rides on the settling update; a turn settled meanwhile still gets it on its own.
    const usage = options.usage ? usageIncrements(options.usage) : {};
    const settled = await tx.turn.updateMany({ where: { id: options.turnId, status: "RUNNING" }, data: { status: "COMPLETED", finishedAt: new Date(), ...usage } });
    if (settled.count !== 1) {
      if (options.usage) await recordTurnUsage(tx, options.turnId, options.usage);
      return;
    }
    const message = await tx.sessionMessage.create({
      data: { sessionId: options.sessionId, turnId: options.turnId, role: "ASSISTANT", body: options.text },
      select: { id: true },
    });
    if (options.hasGrant !== false) await dropGrant(tx, options.turnId);
    // The answer's last streamed text (or, unstreamed, the whole answer) and turn.completed, in order.
    const events: Parameters<typeof appendEvents>[2] = [];
    if (options.streamedTail) events.push({ type: "message.delta", data: { executionId: options.turnId, text: options.streamedTail } });
    if (!options.streamed) events.push({ type: "message.delta", data: { executionId: options.turnId, messageId: message.id, text: options.text } });
    events.push({ type: "turn.completed", data: { executionId: options.turnId, status: "completed", messageId: message.id } });
    await appendEvents(tx, options.sessionId, events);
    if (options.assistantSession !== false) await onAssistantTurnSettled(tx, { sessionId: options.sessionId, turnId: options.turnId, messageId: message.id, outcome: "ok" });
  });
}

export { failTurnTx };

export function failTurn(options: { sessionId: string; turnId: string; code: string; message: string }): Promise<boolean> {
  return db().$transaction((tx) => failTurnTx(tx, options));
}

export const DEADLINE_MESSAGE = "The turn ran past its execution deadline and was stopped.";

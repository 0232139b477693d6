import { db, type TTransaction } from "@/server/db/client";
import { completeTurn as settleAnswer, type TCompleteTurn } from "@/server/execution/complete-turn-system";
import type { TTurnAnnouncement } from "@/server/execution/settle-hooks";
import { recordTurnUsage } from "@/server/execution/turn-usage";
import type { TModelUsage } from "@/server/models/types";
import { failTurnTx } from "@/server/services/sessions/fail-turn";
import { SETTLE_HOOKS } from "@/server/services/sessions/settle-hooks";

// The engine's side of a turn's settle: execution (src/server/execution) writes it, with the
// product areas' hooks bound here.

/** Deletes the turn's caller grant, if it has one: material never outlives its execution (section 5). */
export async function dropGrant(tx: TTransaction, turnId: string): Promise<void> {
  await SETTLE_HOOKS.dropGrant(tx, turnId);
}

/** Tells the organization's webhook endpoints of a settled flow run (execution/settle-hooks.ts). */
export async function announce(tx: TTransaction, turn: TTurnAnnouncement): Promise<void> {
  await SETTLE_HOOKS.announce(tx, turn);
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

/** The answer settles the turn (execution/complete-turn-system.ts). */
export function completeTurn(options: TCompleteTurn): Promise<void> {
  return settleAnswer(options, SETTLE_HOOKS);
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

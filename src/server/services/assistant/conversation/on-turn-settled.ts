import type { TTransaction } from "@/server/db/client";
import { recordAssistantEvent } from "@/server/services/assistant/events/record-assistant-event";

export type TSettledTurn = {
  sessionId: string;
  turnId: string;
  /** The reply: the assistant's answer, or the service's notice when the turn failed. */
  messageId: string;
  outcome: "ok" | "failed" | "cancelled";
  errorCode?: string;
};

/**
 * Called by the engine inside the transaction that settles any turn: when the session is an
 * assistant worker's conversation, the reply is announced (`message.created`) and the turn's
 * usage reported once (`usage.recorded`, the usage the budget counts: the turn's tokens and
 * cost). Both commit with the reply or not at all. Other sessions: one indexed read, nothing else.
 */
export async function onAssistantTurnSettled(tx: TTransaction, settled: TSettledTurn): Promise<void> {
  const worker = await tx.assistantWorker.findUnique({
    where: { sessionId: settled.sessionId },
    select: { id: true, organizationId: true, status: true },
  });
  if (!worker || worker.status !== "ACTIVE") return;
  const message = await tx.sessionMessage.findUniqueOrThrow({
    where: { id: settled.messageId },
    select: { createdAt: true },
  });
  const turn = await tx.turn.findUniqueOrThrow({
    where: { id: settled.turnId },
    select: { inputTokens: true, outputTokens: true, costMicroUsd: true, finishedAt: true },
  });
  const common = { organizationId: worker.organizationId, workerId: worker.id };
  await recordAssistantEvent(tx, {
    ...common,
    type: "message.created",
    data: {
      message_id: settled.messageId,
      session_id: settled.sessionId,
      created_at: message.createdAt.toISOString(),
      outcome: settled.outcome,
      ...(settled.errorCode ? { error_code: settled.errorCode } : {}),
    },
  });
  await recordAssistantEvent(tx, {
    ...common,
    type: "usage.recorded",
    data: {
      // One usage record per turn: the turn is its source, so its id names it.
      usage_id: settled.turnId,
      at: (turn.finishedAt ?? new Date()).toISOString(),
      cost_usd: Number(turn.costMicroUsd) / 1_000_000,
      tokens: turn.inputTokens + turn.outputTokens,
    },
  });
}

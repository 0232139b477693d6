import type { TWebhookEventType } from "@/contracts/webhooks/event-types";
import type { TTransaction } from "@/server/db/client";
import type { TTurnAnnouncement } from "@/server/execution/settle-hooks";
import { recordCustomerEvent } from "./record-customer-event";

/** A flow run's turn settles as `run.*`; an agent session's as `turn.*`; both suspend as turn.suspended. */
function eventTypeOf(status: TTurnAnnouncement["status"], isRun: boolean): TWebhookEventType {
  if (status === "suspended") return "turn.suspended";
  const ended = status === "completed" ? "completed" : "failed";
  return isRun ? `run.${ended}` : `turn.${ended}`;
}

/**
 * The settle hook (execution/settle-hooks.ts `announce`), inside the settling transaction: the
 * customer event of a turn that completed, failed, was cancelled or now waits for an approval,
 * for the organization's subscribed endpoints. The data names ids, the status, the error and
 * the token usage; never the messages, arguments, caller material or anything secret.
 */
export async function announceTurn(tx: TTransaction, turn: TTurnAnnouncement): Promise<void> {
  const row = await tx.turn.findUnique({
    where: { id: turn.turnId },
    select: {
      organizationId: true,
      errorCode: true,
      errorMessage: true,
      inputTokens: true,
      outputTokens: true,
      session: { select: { automationId: true, originTriggerId: true, flowRun: { select: { id: true } } } },
    },
  });
  if (!row) return;
  const runId = row.session.flowRun?.id ?? null;
  const failed = turn.status === "failed" || turn.status === "cancelled";
  await recordCustomerEvent(tx, {
    organizationId: row.organizationId,
    type: eventTypeOf(turn.status, runId !== null),
    data: {
      sessionId: turn.sessionId,
      executionId: turn.turnId,
      automationId: row.session.automationId,
      ...(runId ? { runId } : {}),
      // The trigger whose firing started the session (agent or flow), so a firing's work can be joined.
      triggerId: row.session.originTriggerId,
      status: turn.status,
      ...(turn.approvalId ? { approvalId: turn.approvalId } : {}),
      error: failed ? { code: row.errorCode ?? "UNKNOWN", message: row.errorMessage ?? "" } : null,
      usage: { inputTokens: row.inputTokens, outputTokens: row.outputTokens },
    },
  });
}

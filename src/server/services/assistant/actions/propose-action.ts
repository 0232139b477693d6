import type { TActionClass, TPolicyMode } from "@/contracts/assistant/actions";
import type { TTransaction } from "@/server/db/client";
import { db } from "@/server/db/client";
import { approvalTtlMs, modeFor, policyOf } from "@/server/services/assistant/policy/resolve-policy";
import { actionSummary, recordActionEvent, recordApprovalRequested } from "./action-records";

/** The worker whose conversation a turn belongs to, and what started the turn. */
export type TActingWorker = {
  workerId: string;
  organizationId: string;
  email: string;
  trigger: "message" | "instruction";
};

/**
 * The worker of a session and what started the turn (its first message: the end user's, or the
 * platform's instruction); null when the session is no active worker's conversation.
 */
export async function actingWorkerOf(sessionId: string, turnId: string): Promise<TActingWorker | null> {
  const worker = await db().assistantWorker.findUnique({
    where: { sessionId },
    select: { id: true, organizationId: true, email: true, status: true },
  });
  if (!worker || worker.status !== "ACTIVE") return null;
  const input = await db().sessionMessage.findFirst({
    where: { turnId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { role: true },
  });
  return {
    workerId: worker.id,
    organizationId: worker.organizationId,
    email: worker.email,
    trigger: input?.role === "SYSTEM" ? "instruction" : "message",
  };
}

/** What the worker's policy says of one action now. */
export async function policyModeFor(workerId: string, action: TActionClass): Promise<TPolicyMode> {
  const worker = await db().assistantWorker.findUniqueOrThrow({ where: { id: workerId }, select: { policy: true } });
  return modeFor(policyOf(worker.policy), action);
}

export type TProposedAction = {
  worker: TActingWorker;
  turnId: string;
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
  action: TActionClass;
  mode: TPolicyMode;
};

const REFUSED = (action: string) => `The worker's policy never allows ${action}; the action was not run.`;

/**
 * Records an action in the transaction that records its tool call (spec 4.8), and announces it
 * with `action.recorded`: `allow` stays pending until the call finishes; `never` is dropped at
 * once (announced pending, then dropped, like every other action's life); `ask` gets the next
 * approval number of the worker, expires after the policy's approval_ttl, and is announced with
 * `approval.requested` too.
 */
export async function proposeAction(
  tx: TTransaction,
  proposed: TProposedAction,
): Promise<{ actionId: string; approvalNumber: number | null }> {
  const { worker } = proposed;
  const created = await tx.assistantAction.create({
    data: {
      organizationId: worker.organizationId,
      workerId: worker.workerId,
      turnId: proposed.turnId,
      toolCallId: proposed.toolCallId,
      action: proposed.action,
      mode: proposed.mode,
      trigger: worker.trigger,
      summary: actionSummary(proposed.toolName, proposed.args),
    },
    select: { id: true },
  });
  if (proposed.mode === "ask") {
    // The counter's row lock orders numbers; the policy is read under it so the TTL is current.
    const now = new Date();
    const counted = await tx.assistantWorker.update({
      where: { id: worker.workerId },
      data: { approvalSeq: { increment: 1 } },
      select: { approvalSeq: true, policy: true },
    });
    const approval = await tx.assistantApproval.create({
      data: {
        organizationId: worker.organizationId,
        workerId: worker.workerId,
        actionId: created.id,
        number: counted.approvalSeq,
        // Both from one clock, so expires_at - requested_at is exactly the TTL.
        requestedAt: now,
        expiresAt: new Date(now.getTime() + approvalTtlMs(policyOf(counted.policy))),
      },
      select: { id: true, number: true },
    });
    await recordActionEvent(tx, created.id);
    await recordApprovalRequested(tx, approval.id);
    return { actionId: created.id, approvalNumber: approval.number };
  }
  await recordActionEvent(tx, created.id);
  if (proposed.mode === "never")
    await settleAction(tx, created.id, {
      state: "DROPPED",
      code: "ACTION_NOT_ALLOWED",
      message: REFUSED(proposed.action),
    });
  return { actionId: created.id, approvalNumber: null };
}

export type TActionSettlement = { state: "DONE" } | { state: "FAILED" | "DROPPED"; code: string; message: string };

/** Ends an action (done, failed or dropped) and announces it again with the same action_id. */
export async function settleAction(tx: TTransaction, actionId: string, settlement: TActionSettlement): Promise<void> {
  const ended = await tx.assistantAction.updateMany({
    where: { id: actionId, state: "PENDING" },
    data:
      settlement.state === "DONE"
        ? { state: "DONE" }
        : { state: settlement.state, resultCode: settlement.code, resultMessage: settlement.message },
  });
  if (ended.count === 1) await recordActionEvent(tx, actionId);
}

/**
 * How a call's outcome ends its action. An HTTP tool answers an upstream's 4xx or 5xx as a
 * result (the model reads it); for the action that means it did not happen, so it failed.
 */
function settlementOf(
  outcome: { ok: true; result?: unknown } | { ok: false; code: string; message: string },
): TActionSettlement {
  if (!outcome.ok) return { state: "FAILED", code: outcome.code, message: outcome.message };
  const status = (outcome.result as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status >= 400)
    return {
      state: "FAILED",
      code: `UPSTREAM_HTTP_${status}`,
      message: `The tool's upstream answered HTTP ${status}.`,
    };
  return { state: "DONE" };
}

/** Settles the action of a tool call, if the call is one, with the call's outcome. */
export async function settleActionOfCall(
  tx: TTransaction,
  toolCallId: string,
  outcome: { ok: true; result?: unknown } | { ok: false; code: string; message: string },
): Promise<void> {
  const action = await tx.assistantAction.findUnique({ where: { toolCallId }, select: { id: true } });
  if (!action) return;
  await settleAction(tx, action.id, settlementOf(outcome));
}

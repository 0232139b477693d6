import type { TTransaction } from "@/server/db/client";
import { maskToolArgs } from "@/server/integrations/invoke-tool";
import { appendEvent } from "./event-log";
import type { TSettleHooks } from "./settle-hooks";

// Calls that wait for a person (an approval) and the turn they suspend, in the caller's
// transaction: parking, the decision's effects on the call and the turn, and a call closed
// because its worker died. Each writes exactly what its caller wrote before execution owned it.

type TExecution = { turnId: string; sessionId: string };

/** A call waiting for its approval (AWAITING_APPROVAL): its row, before the Approval that names it. */
export async function insertParkedCall(
  tx: TTransaction,
  execution: TExecution,
  call: { index: number; toolName: string; integrationId: string; args: object },
): Promise<string> {
  return insertProposedCall(tx, execution, { ...call, refusal: null });
}

/**
 * The turn waits for a person: SUSPENDED, and `turn.suspended` names the approval; the
 * organization's webhook endpoints hear of it through `hooks.announce` (settle-hooks.ts).
 */
export async function suspendTurn(
  tx: TTransaction,
  execution: TExecution,
  parked: { approvalId: string; toolName: string; toolCallId: string; args: Record<string, unknown> },
  hooks: Pick<TSettleHooks, "announce">,
): Promise<void> {
  await tx.turn.update({ where: { id: execution.turnId }, data: { status: "SUSPENDED" }, select: { id: true } });
  await appendEvent(tx, execution.sessionId, "turn.suspended", {
    executionId: execution.turnId,
    approvalId: parked.approvalId,
    toolName: parked.toolName,
    toolCallId: parked.toolCallId,
    args: maskToolArgs(parked.args),
  });
  await hooks.announce(tx, { ...execution, status: "suspended", approvalId: parked.approvalId });
}

/**
 * Parks an agent's call that needs a person's approval: the call waits, an Approval exists
 * (routed to the person whose caller material the call would use), the turn is suspended.
 */
export async function parkCallForApproval(
  tx: TTransaction,
  execution: TExecution,
  call: {
    index: number;
    toolName: string;
    integrationId: string;
    args: Record<string, unknown>;
    routedToUserId: string | null;
  },
  hooks: Pick<TSettleHooks, "announce">,
): Promise<void> {
  const toolCallId = await insertParkedCall(tx, execution, { ...call, args: call.args as object });
  const approval = await tx.approval.create({
    data: {
      sessionId: execution.sessionId,
      turnId: execution.turnId,
      toolCallId,
      toolName: call.toolName,
      routedToUserId: call.routedToUserId,
    },
    select: { id: true },
  });
  await suspendTurn(
    tx,
    execution,
    { approvalId: approval.id, toolName: call.toolName, toolCallId, args: call.args },
    hooks,
  );
}

/**
 * An assistant worker's proposed call: waiting for its approval, or, when the worker's policy
 * never allows the action, FAILED (ACTION_NOT_ALLOWED) at once. Returns its id.
 */
export async function insertProposedCall(
  tx: TTransaction,
  execution: TExecution,
  call: { index: number; toolName: string; integrationId: string; args: object; refusal: string | null },
): Promise<string> {
  const refused = call.refusal !== null;
  const row = await tx.toolCall.create({
    data: {
      turnId: execution.turnId,
      sessionId: execution.sessionId,
      index: call.index,
      toolName: call.toolName,
      integrationId: call.integrationId,
      args: call.args,
      status: refused ? "FAILED" : "AWAITING_APPROVAL",
      ...(refused ? { errorCode: "ACTION_NOT_ALLOWED", errorMessage: call.refusal, finishedAt: new Date() } : {}),
    },
    select: { id: true },
  });
  return row.id;
}

/** An approval decided: the suspended turn is QUEUED again. False when it no longer waits. */
export async function resumeSuspendedTurn(tx: TTransaction, turnId: string): Promise<boolean> {
  const resumed = await tx.turn.updateMany({ where: { id: turnId, status: "SUSPENDED" }, data: { status: "QUEUED" } });
  return resumed.count === 1;
}

/** A parked call rejected (or sent back, or expired): REJECTED with the reason, and its `tool_call.finished`. */
export async function rejectParkedCall(
  tx: TTransaction,
  call: { sessionId: string; turnId: string; toolCallId: string; name: string },
  code: string,
  message: string,
  { returnRow = false }: { returnRow?: boolean } = {},
): Promise<void> {
  const data = { status: "REJECTED" as const, errorCode: code, errorMessage: message, finishedAt: new Date() };
  // The console's decision reads the whole row back, the worker's only its id (as each did before).
  if (returnRow) await tx.toolCall.update({ where: { id: call.toolCallId }, data });
  else await tx.toolCall.update({ where: { id: call.toolCallId }, data, select: { id: true } });
  await appendEvent(tx, call.sessionId, "tool_call.finished", {
    executionId: call.turnId,
    toolCallId: call.toolCallId,
    name: call.name,
    status: "rejected",
    errorCode: code,
  });
}

/** An approval's edited arguments: the parked call runs with what the person approved. */
export async function setParkedCallArgs(tx: TTransaction, toolCallId: string, args: object): Promise<void> {
  await tx.toolCall.update({ where: { id: toolCallId }, data: { args }, select: { id: true } });
}

/** A parked call that can no longer run (its tool is gone): FAILED with the code, no event. */
export async function failParkedCall(
  tx: TTransaction,
  toolCallId: string,
  code: string,
  message: string,
): Promise<void> {
  await tx.toolCall.update({
    where: { id: toolCallId },
    data: { status: "FAILED", errorCode: code, errorMessage: message, finishedAt: new Date() },
  });
}

/** An approved call taken by the one job that runs it: RUNNING. False when another took it. */
export async function takeApprovedCall(runner: TTransaction, toolCallId: string): Promise<boolean> {
  const taken = await runner.toolCall.updateMany({
    where: { id: toolCallId, status: "AWAITING_APPROVAL" },
    data: { status: "RUNNING", startedAt: new Date() },
  });
  return taken.count === 1;
}

/**
 * Closes a call found RUNNING by a later attempt (its worker died): it is never re-run silently,
 * because it may have had effects; FAILED (TOOL_CALL_INTERRUPTED) with its `tool_call.finished`.
 */
export async function closeInterruptedCall(
  tx: TTransaction,
  call: { sessionId: string; turnId: string; toolCallId: string; name: string },
  message: string,
): Promise<void> {
  await tx.toolCall.update({
    where: { id: call.toolCallId },
    data: { status: "FAILED", errorCode: "TOOL_CALL_INTERRUPTED", errorMessage: message, finishedAt: new Date() },
  });
  await appendEvent(tx, call.sessionId, "tool_call.finished", {
    executionId: call.turnId,
    toolCallId: call.toolCallId,
    name: call.name,
    status: "failed",
    errorCode: "TOOL_CALL_INTERRUPTED",
  });
}

import type { TTransaction } from "@/server/db/client";
import { appendEvent } from "./event-log";

// A flow run's execution is a turn too (engine/flow-runner.ts runs its steps): its claim and
// its completion write the turn here. Its failure is failTurnTx's, like any turn's.

/**
 * The flow's claim takes the turn: RUNNING, one more attempt (startedAt on the first), and
 * `turn.started` unless it was RUNNING already (an interrupted attempt). The flow_runs row is
 * the caller's, written between the two.
 */
export async function startFlowTurn(
  tx: TTransaction,
  turn: { turnId: string; attempts: number; now: Date },
): Promise<void> {
  await tx.turn.update({
    where: { id: turn.turnId },
    data: { status: "RUNNING", attempts: { increment: 1 }, startedAt: turn.attempts === 0 ? turn.now : undefined },
    select: { id: true },
  });
}

/** `turn.started` of a flow's claim (after its flow_runs row). */
export async function flowTurnStarted(
  tx: TTransaction,
  turn: { sessionId: string; turnId: string; attempts: number },
): Promise<void> {
  await appendEvent(tx, turn.sessionId, "turn.started", { executionId: turn.turnId, resumed: turn.attempts > 0 });
}

/** A flow's end settles its turn: COMPLETED, only if still RUNNING. False when it settled meanwhile. */
export async function completeFlowTurn(tx: TTransaction, turnId: string): Promise<boolean> {
  const settled = await tx.turn.updateMany({
    where: { id: turnId, status: "RUNNING" },
    data: { status: "COMPLETED", finishedAt: new Date() },
  });
  return settled.count === 1;
}

/** An approval step decided `approved` while the run was parked: its call SUCCEEDED with the decision. */
export async function succeedApprovalCall(
  tx: TTransaction,
  call: { sessionId: string; turnId: string; toolCallId: string; name: string; output: object },
): Promise<void> {
  await tx.toolCall.update({
    where: { id: call.toolCallId },
    data: { status: "SUCCEEDED", result: call.output, startedAt: new Date(), finishedAt: new Date() },
  });
  await appendEvent(tx, call.sessionId, "tool_call.finished", {
    executionId: call.turnId,
    toolCallId: call.toolCallId,
    name: call.name,
    status: "succeeded",
    result: call.output,
  });
}

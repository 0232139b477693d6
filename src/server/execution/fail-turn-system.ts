import type { TTransaction } from "@/server/db/client";
import { appendEvent } from "./event-log";
import type { TSettleHooks } from "./settle-hooks";
import { releaseWaitingTurn } from "./waiting-turns";

type TUnsettled = "QUEUED" | "RUNNING" | "SUSPENDED";

export type TFailTurn = {
  sessionId: string;
  turnId: string;
  code: string;
  message: string;
  outcome?: "failed" | "cancelled";
  /** Only a turn in one of these states is settled (default: any unsettled state). */
  from?: TUnsettled[];
  /** A queued turn superseded by a newer message: the turn that answers instead (in turn.completed). */
  supersededBy?: string;
};

/**
 * Fails a turn cleanly: FAILED with a code and a person-readable message, a SYSTEM notice in
 * the transcript, unfinished tool calls closed, the grant deleted, turn.completed (failed).
 * A turn that settled meanwhile is left alone. `cancelled`: the turn was stopped on purpose
 * before it answered (an assistant worker's message.created says so instead of failed).
 * Settling frees the conversation: the session's waiting turn, if one waits behind this one,
 * gets its job in a statement after the settling UPDATE, in this same transaction
 * (releaseWaitingTurn; a superseded turn frees nothing, its successor is queued by the caller).
 * `hooks`: the product areas' part of the settle (settle-hooks.ts).
 */
export async function failTurnTx(tx: TTransaction, options: TFailTurn, hooks: TSettleHooks): Promise<boolean> {
  const settled = await tx.turn.updateMany({
    where: { id: options.turnId, status: { in: options.from ?? ["QUEUED", "RUNNING", "SUSPENDED"] } },
    data: { status: "FAILED", errorCode: options.code, errorMessage: options.message, finishedAt: new Date() },
  });
  if (settled.count !== 1) return false;
  await tx.toolCall.updateMany({
    where: { turnId: options.turnId, status: { in: ["AWAITING_APPROVAL", "RUNNING"] } },
    data: { status: "FAILED", errorCode: options.code, errorMessage: options.message, finishedAt: new Date() },
  });
  await failFlowRunTx(tx, options);
  const notice = await tx.sessionMessage.create({
    data: {
      sessionId: options.sessionId,
      turnId: options.turnId,
      role: "SYSTEM",
      body:
        options.outcome === "cancelled"
          ? `The turn was cancelled (${options.code}): ${options.message}`
          : `The turn failed (${options.code}): ${options.message}`,
    },
    select: { id: true },
  });
  await hooks.dropGrant(tx, options.turnId);
  await appendEvent(tx, options.sessionId, "turn.completed", {
    executionId: options.turnId,
    status: "failed",
    errorCode: options.code,
    messageId: notice.id,
    ...(options.supersededBy ? { supersededBy: options.supersededBy } : {}),
  });
  await hooks.onSettled(tx, {
    sessionId: options.sessionId,
    turnId: options.turnId,
    messageId: notice.id,
    outcome: options.outcome ?? "failed",
    errorCode: options.code,
  });
  await hooks.announce(tx, {
    sessionId: options.sessionId,
    turnId: options.turnId,
    status: options.outcome === "cancelled" ? "cancelled" : "failed",
  });
  if (!options.supersededBy) await releaseWaitingTurn(tx, options.sessionId);
  return true;
}

/**
 * A flow run's execution is its turn: when the turn fails (deadline sweeper, interrupted job,
 * a failed step), the run and its unfinished step fail with the same code.
 */
async function failFlowRunTx(
  tx: TTransaction,
  options: { sessionId: string; code: string; message: string },
): Promise<void> {
  const failed = { errorCode: options.code, errorMessage: options.message, finishedAt: new Date() };
  const run = await tx.flowRun.findUnique({ where: { sessionId: options.sessionId }, select: { id: true } });
  if (!run) return;
  await tx.flowRun.updateMany({
    where: { id: run.id, status: { in: ["QUEUED", "RUNNING", "SUSPENDED"] } },
    data: { status: "FAILED", ...failed },
  });
  await tx.flowStepRun.updateMany({
    where: { flowRunId: run.id, status: { in: ["RUNNING", "WAITING"] } },
    data: { status: "FAILED", ...failed },
  });
}

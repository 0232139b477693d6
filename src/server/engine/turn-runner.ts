import { db } from "@/server/db/client";
import { appendEvent } from "@/server/events/append-event";
import { modelFor } from "@/server/models/model-for";
import { ModelError, type TModelStep } from "@/server/models/types";
import { checkBudget } from "./budget-gate";
import { executeToolCall, recordUnavailableCall, suspendForApproval } from "./tool-calls";
import { loadTranscript, loadTurnContext, type TTurnContext } from "./turn-context";
import { completeTurn, DEADLINE_MESSAGE, failTurn, failTurnTx, recordUsage } from "./turn-settle";

/** Model steps per turn; a model that keeps calling tools past this is stopped. */
export const MAX_MODEL_STEPS = 25;

const INTERRUPTED = "The worker running this tool call stopped before it finished; it was not run again, because it may have had effects.";

/**
 * Takes the turn for this attempt. Returns false when there is nothing to do: the turn is
 * settled, waiting for an approval, or past its deadline (failed here).
 * A turn found RUNNING was interrupted (its worker died): a tool call left RUNNING is never
 * re-run silently; it is closed as TOOL_CALL_INTERRUPTED and the model is told.
 */
async function claimTurn(turnId: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const turn = await tx.turn.findUnique({ where: { id: turnId }, select: { sessionId: true, status: true, deadlineAt: true, attempts: true } });
    if (!turn || (turn.status !== "QUEUED" && turn.status !== "RUNNING")) return false;
    const settle = { sessionId: turn.sessionId, turnId };
    if (turn.deadlineAt.getTime() <= Date.now()) {
      await failTurnTx(tx, { ...settle, code: "TURN_DEADLINE_EXCEEDED", message: DEADLINE_MESSAGE });
      return false;
    }
    if (turn.status === "RUNNING") {
      const stuck = await tx.toolCall.findMany({ where: { turnId, status: "RUNNING" }, select: { id: true, toolName: true } });
      for (const call of stuck) {
        await tx.toolCall.update({ where: { id: call.id }, data: { status: "FAILED", errorCode: "TOOL_CALL_INTERRUPTED", errorMessage: INTERRUPTED, finishedAt: new Date() } });
        await appendEvent(tx, turn.sessionId, "tool_call.finished", { executionId: turnId, toolCallId: call.id, name: call.toolName, status: "failed", errorCode: "TOOL_CALL_INTERRUPTED" });
      }
    }
    await tx.turn.update({ where: { id: turnId }, data: { status: "RUNNING", attempts: { increment: 1 }, startedAt: turn.attempts === 0 ? new Date() : undefined }, select: { id: true } });
    if (turn.status === "QUEUED") await appendEvent(tx, turn.sessionId, "turn.started", { executionId: turnId, resumed: turn.attempts > 0 });
    return true;
  });
}

/** Runs approved parked calls of this turn (rejected ones were closed by the decision). */
async function runApprovedCalls(context: TTurnContext): Promise<void> {
  const approved = await db().toolCall.findMany({
    where: { turnId: context.turnId, status: "AWAITING_APPROVAL", approval: { status: "APPROVED" } },
    orderBy: { index: "asc" },
    select: { id: true, toolName: true, args: true },
  });
  for (const call of approved) {
    await executeToolCall(context, { id: call.id, name: call.toolName, args: call.args as Record<string, unknown> }, call.id);
  }
}

type TStepOutcome = { kind: "answer"; step: TModelStep; streamed: boolean } | { kind: "failed" } | { kind: "step"; step: TModelStep };

/** One model call: budget first, the deadline as the abort signal, usage recorded. */
async function modelStep(context: TTurnContext, settle: { sessionId: string; turnId: string }): Promise<TStepOutcome> {
  const budget = await checkBudget({ orgId: context.orgId, turnId: context.turnId });
  if (!budget.ok) {
    await db().$transaction(async (tx) => {
      await appendEvent(tx, context.sessionId, "budget.failed", { executionId: context.turnId, code: budget.code });
      await failTurnTx(tx, { ...settle, code: budget.code, message: budget.message });
    });
    return { kind: "failed" };
  }
  let streamed = false;
  const remaining = Math.max(1, context.deadlineAt.getTime() - Date.now());
  try {
    const step = await modelFor(context.revision.setup.model).generate({
      system: context.system,
      messages: await loadTranscript(context),
      tools: [...context.tools.values()].map((tool) => tool.model),
      procedure: context.revision.setup.procedure,
      signal: AbortSignal.timeout(remaining),
      onDelta: async (text) => {
        streamed = true;
        await db().$transaction((tx) => appendEvent(tx, context.sessionId, "message.delta", { executionId: context.turnId, text }));
      },
    });
    await recordUsage(context.turnId, step.usage);
    return step.toolCalls.length ? { kind: "step", step } : { kind: "answer", step, streamed };
  } catch (error) {
    if (Date.now() >= context.deadlineAt.getTime()) {
      await failTurn({ ...settle, code: "TURN_DEADLINE_EXCEEDED", message: DEADLINE_MESSAGE });
      return { kind: "failed" };
    }
    if (error instanceof ModelError) {
      await failTurn({ ...settle, code: error.code, message: error.message });
      return { kind: "failed" };
    }
    throw error;
  }
}

/**
 * The turn loop (one job attempt): claim, run approved parked calls, then model steps until
 * the model answers; each tool call runs (or suspends the turn for approval) in order. Every
 * state change and its event commit together; the transcript is rebuilt from the database
 * before each step, so any attempt continues from what was persisted.
 */
export async function runTurn(turnId: string): Promise<void> {
  if (!(await claimTurn(turnId))) return;
  const context = await loadTurnContext(turnId);
  if (!context) return;
  const settle = { sessionId: context.sessionId, turnId };
  await runApprovedCalls(context);
  for (let steps = 0; steps < MAX_MODEL_STEPS; steps++) {
    if (Date.now() >= context.deadlineAt.getTime()) {
      await failTurn({ ...settle, code: "TURN_DEADLINE_EXCEEDED", message: DEADLINE_MESSAGE });
      return;
    }
    const outcome = await modelStep(context, settle);
    if (outcome.kind === "failed") return;
    if (outcome.kind === "answer") {
      await completeTurn({ ...settle, text: outcome.step.text, streamed: outcome.streamed });
      return;
    }
    for (const call of outcome.step.toolCalls) {
      if (!context.tools.has(call.name)) {
        await recordUnavailableCall(context, call);
      } else if (context.revision.setup.approvalTools.includes(call.name)) {
        // Later calls of the same step are dropped: the model is asked again after the decision.
        await suspendForApproval(context, call);
        return;
      } else {
        await executeToolCall(context, call);
      }
    }
  }
  await failTurn({ ...settle, code: "TURN_TOO_MANY_STEPS", message: `The model kept calling tools for ${MAX_MODEL_STEPS} steps without answering.` });
}

import { db } from "@/server/db/client";
import { appendEvent } from "@/server/execution/event-log";
import { setModelCallObserver } from "@/server/models/call-observer";
import { modelFor } from "@/server/models/model-for";
import { observeModelCall } from "@/server/observability/model-metrics";
import { ModelError, type TModelStep } from "@/server/models/types";
import { checkBudget } from "./budget-gate";
import { actingWorkerFor, actionClassOf, runAction } from "./assistant-actions";
import { executeToolCall, failInterruptedCall, recordUnavailableCall, suspendForApproval } from "./tool-calls";
import { DeltaBuffer } from "./delta-buffer";
import {
  claimTurnRow,
  loadTranscript,
  loadTurnContext,
  type TClaimedTurn,
  type TStepInputs,
  type TTurnContext,
} from "./turn-context";
import { QUEUE_TIMEOUT_MESSAGE } from "./recovery";
import { completeTurn, DEADLINE_MESSAGE, failTurn, failTurnTx, recordStepText, recordUsage } from "./turn-settle";

// Every model call this process makes is counted in /api/metrics (models may not import observability).
setModelCallObserver(observeModelCall);

/** Model steps per turn; a model that keeps calling tools past this is stopped. */
export const MAX_MODEL_STEPS = 25;

/**
 * Takes the turn for this attempt and returns what its context is built from (read once, with
 * the session's pinned revision). Returns null when there is nothing to do: the turn is
 * settled, waiting for an approval, or past its deadline (failed here).
 * A turn found RUNNING was interrupted (its worker died): a tool call left RUNNING is never
 * re-run silently; it is closed as TOOL_CALL_INTERRUPTED and the model is told.
 */
async function claimTurn(turnId: string): Promise<{ turn: TClaimedTurn; stepInputs: TStepInputs } | null> {
  // The claim (and a QUEUED turn's turn.started) is one statement: no transaction on the hot path.
  const found = await claimTurnRow(db(), turnId, new Date());
  if (!found || (found.turn.status !== "QUEUED" && found.turn.status !== "RUNNING")) return null;
  const { turn } = found;
  const settle = { sessionId: turn.sessionId, turnId };
  if (!found.claimed) {
    // Queued too long, or interrupted past its deadline: the claim's update left it as it was.
    const neverStarted = turn.attempts === 0;
    await db().$transaction((tx) =>
      failTurnTx(tx, {
        ...settle,
        ...(neverStarted
          ? { code: "TURN_QUEUE_TIMEOUT", message: QUEUE_TIMEOUT_MESSAGE }
          : { code: "TURN_DEADLINE_EXCEEDED", message: DEADLINE_MESSAGE }),
        from: ["QUEUED", "RUNNING"],
      }),
    );
    return null;
  }
  if (turn.status === "RUNNING") {
    await db().$transaction(async (tx) => {
      const stuck = await tx.toolCall.findMany({
        where: { turnId, status: "RUNNING" },
        select: { id: true, toolName: true },
      });
      for (const call of stuck)
        await failInterruptedCall(tx, { sessionId: turn.sessionId, turnId, toolCallId: call.id, name: call.toolName });
    });
  }
  return { turn, stepInputs: found.stepInputs };
}

/** Runs approved parked calls of this turn (rejected ones were closed by the decision). */
async function runApprovedCalls(context: TTurnContext): Promise<void> {
  const approved = await db().toolCall.findMany({
    where: { turnId: context.turnId, status: "AWAITING_APPROVAL", approval: { status: "APPROVED" } },
    orderBy: { index: "asc" },
    select: { id: true, toolName: true, args: true },
  });
  for (const call of approved) {
    await executeToolCall(
      context,
      { id: call.id, name: call.toolName, args: call.args as Record<string, unknown> },
      call.id,
    );
  }
}

type TStepOutcome =
  | { kind: "answer"; step: TModelStep; streamed: boolean; tail: string; messageId: string }
  | { kind: "failed" }
  | { kind: "step"; step: TModelStep };

/**
 * One model call: budget first, the deadline as the abort signal. Streamed text is coalesced
 * into few message.delta events, all written before anything else this step writes. Usage of
 * a tool-calling step is recorded here; an answer's goes with the completion (one commit).
 * `inputs`: what the claim read (the session's messages serve every step); `first`: the first
 * step of a turn never claimed before, which has no tool calls yet and may take the claim's
 * budget answer (any other step checks the budget itself).
 */
async function modelStep(
  context: TTurnContext,
  settle: { sessionId: string; turnId: string },
  inputs: TStepInputs,
  first: boolean,
  stop: AbortSignal,
): Promise<TStepOutcome> {
  const budget =
    first && !inputs.budgetLimited
      ? ({ ok: true } as const)
      : await checkBudget({ orgId: context.orgId, turnId: context.turnId });
  if (!budget.ok) {
    await db().$transaction(async (tx) => {
      await appendEvent(tx, context.sessionId, "budget.failed", { executionId: context.turnId, code: budget.code });
      await failTurnTx(tx, { ...settle, code: budget.code, message: budget.message });
    });
    return { kind: "failed" };
  }
  // The message this step's text becomes (the answer, or the text written before tool calls):
  // every message.delta names it, so a reader knows which message a delta belongs to.
  const messageId = crypto.randomUUID();
  // A flush is one statement (the event with its seq and NOTIFY), atomic without BEGIN and COMMIT.
  const deltas = new DeltaBuffer(
    async (text) =>
      void (await appendEvent(db(), context.sessionId, "message.delta", {
        executionId: context.turnId,
        messageId,
        text,
      })),
  );
  const remaining = Math.max(1, context.deadlineAt.getTime() - Date.now());
  let step: TModelStep;
  try {
    step = await modelFor(context.revision.setup.model).generate({
      system: context.system,
      messages: await loadTranscript(context, inputs.messages, first),
      tools: [...context.tools.values()].map((tool) => tool.model),
      procedure: context.revision.setup.procedure,
      // The turn's deadline, or this attempt losing its job, whichever comes first.
      signal: AbortSignal.any([stop, AbortSignal.timeout(remaining)]),
      onDelta: (text) => deltas.push(text),
    });
  } catch (error) {
    // An attempt that lost its job writes nothing more: another may already run the turn.
    if (stop.aborted) throw stop.reason;
    // What was streamed before the failure keeps its place before the turn's last event.
    await deltas.close();
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
  if (!step.toolCalls.length) {
    // The answer's last streamed text is written by the completion, in its transaction.
    const tail = await deltas.take();
    return { kind: "answer", step, streamed: deltas.written > 0 || tail.length > 0, tail, messageId };
  }
  await deltas.close();
  // Text written beside tool calls ("Let me look that up.") is part of the conversation: stored,
  // so the transcript, the live stream and the next step's history agree.
  if (step.text.trim()) {
    await recordStepText(context, messageId, step.text);
    // This step's calls come next: the counter of a first attempt, else what the transcript showed.
    const beforeIndex = context.nextCallIndex ?? context.callsSeen ?? 0;
    (context.stepTexts ??= []).push({ body: step.text, beforeIndex });
  }
  await recordUsage(context.turnId, step.usage);
  return { kind: "step", step };
}

/**
 * The turn loop (one job attempt): claim, run approved parked calls, then model steps until
 * the model answers; each tool call runs (or suspends the turn for approval) in order. Every
 * state change and its event commit together; the transcript's tool calls are read from the
 * database before each step, so any attempt continues from what was persisted.
 */
export async function runTurn(turnId: string, stop: AbortSignal = new AbortController().signal): Promise<void> {
  const claim = await claimTurn(turnId);
  if (!claim) return;
  const { turn: claimed, stepInputs } = claim;
  const settle = { sessionId: claimed.sessionId, turnId };
  const context = await loadTurnContext(claimed);
  if (!context) {
    await failTurn({
      ...settle,
      code: "REVISION_UNAVAILABLE",
      message: "The agent revision this session runs could not be loaded.",
    });
    return;
  }
  // This claim's attempt number (the claim counted it) fences the tool calls it starts.
  context.attempt = { number: claimed.attempts + 1, signal: stop };
  // Tool calls (and so approved parked ones) exist only once a turn has been claimed before.
  const fresh = claimed.attempts === 0;
  if (fresh) {
    // A turn never claimed before has no calls and no step texts stored: nothing to read back.
    context.nextCallIndex = 0;
    context.stepTexts = [];
  } else await runApprovedCalls(context);
  // An assistant worker's conversation: its classified calls are actions its policy decides.
  const acting = await actingWorkerFor(context);
  for (let steps = 0; steps < MAX_MODEL_STEPS; steps++) {
    stop.throwIfAborted();
    if (Date.now() >= context.deadlineAt.getTime()) {
      await failTurn({ ...settle, code: "TURN_DEADLINE_EXCEEDED", message: DEADLINE_MESSAGE });
      return;
    }
    const outcome = await modelStep(context, settle, stepInputs, fresh && steps === 0, stop);
    if (outcome.kind === "failed") return;
    if (outcome.kind === "answer") {
      await completeTurn({
        ...settle,
        text: outcome.step.text,
        streamed: outcome.streamed,
        streamedTail: outcome.tail,
        messageId: outcome.messageId,
        usage: outcome.step.usage,
        stopReason: outcome.step.stopReason,
        hasGrant: claimed.hasGrant,
        assistantSession: claimed.assistantSession,
        webhookSubscribed: claimed.webhookSubscribed,
      });
      return;
    }
    for (const call of outcome.step.toolCalls) {
      const action = acting && actionClassOf(context, call.name);
      if (!context.tools.has(call.name)) {
        await recordUnavailableCall(context, call);
      } else if (acting && action) {
        await runAction(context, acting, call, action);
      } else if (context.revision.setup.approvalTools.includes(call.name)) {
        // Later calls of the same step are dropped: the model is asked again after the decision.
        await suspendForApproval(context, call);
        return;
      } else {
        await executeToolCall(context, call);
      }
    }
  }
  await failTurn({
    ...settle,
    code: "TURN_TOO_MANY_STEPS",
    message: `The model kept calling tools for ${MAX_MODEL_STEPS} steps without answering.`,
  });
}

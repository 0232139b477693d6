import { END, type TFlowGraph, type TFlowStep } from "@/contracts/flows/graph";
import type { TTemplateContext } from "@/contracts/flows/templates";
import { db, type TTransaction } from "@/server/db/client";
import {
  claimQueuedFlowRun,
  completeFlowRun,
  finishFlowStep,
  flowTurnStarted,
  startFlowTurn,
  succeedApprovalCall,
} from "@/server/execution/flow-turns";
import { closeInterruptedCall } from "@/server/execution/parked-calls";
import { flowContextOf, loadTemplateContext, type TFlowContext } from "./flow-context";
import { stepInput } from "./flow-step-input";
import type { TStepRun } from "./flow-step-result";
import { insertStepRun, runStep } from "./flow-steps";
import { announce, DEADLINE_MESSAGE, dropGrant, failTurn, failTurnTx } from "./turn-settle";

const INTERRUPTED =
  "The worker running this step stopped before it finished; the tool call was not run again, because it may have had effects.";

/**
 * Takes the run's execution for this attempt the slow way, when the one-statement claim did not
 * (the same rules as an agent turn): nothing to do
 * when settled or parked; past the deadline it fails; found RUNNING it was interrupted, and a
 * tool call left RUNNING is closed as TOOL_CALL_INTERRUPTED (never re-run).
 */
async function claimFlow(turnId: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const turn = await tx.turn.findUnique({
      where: { id: turnId },
      select: { sessionId: true, status: true, deadlineAt: true, attempts: true },
    });
    if (!turn || (turn.status !== "QUEUED" && turn.status !== "RUNNING")) return false;
    if (turn.deadlineAt.getTime() <= Date.now()) {
      await failTurnTx(tx, {
        sessionId: turn.sessionId,
        turnId,
        code: "TURN_DEADLINE_EXCEEDED",
        message: DEADLINE_MESSAGE,
      });
      return false;
    }
    if (turn.status === "RUNNING") {
      const stuck = await tx.toolCall.findMany({
        where: { turnId, status: "RUNNING" },
        select: { id: true, toolName: true },
      });
      for (const call of stuck) {
        const target = { sessionId: turn.sessionId, turnId, toolCallId: call.id, name: call.toolName };
        await closeInterruptedCall(tx, target, INTERRUPTED);
      }
    }
    const now = new Date();
    await startFlowTurn(tx, { turnId, attempts: turn.attempts, now });
    await tx.$executeRaw`UPDATE flow_runs SET status = 'RUNNING', "startedAt" = COALESCE("startedAt", ${now}::timestamp(3)) WHERE "sessionId" = ${turn.sessionId}::uuid`;
    if (turn.status === "QUEUED")
      await flowTurnStarted(tx, { sessionId: turn.sessionId, turnId, attempts: turn.attempts });
    return true;
  });
}

/** Where a step hands over: a branch by its `matched` output, any other step by successors(). */
function nextAfter(graph: TFlowGraph, stepId: string, output: unknown): string {
  const index = graph.steps.findIndex((step) => step.id === stepId);
  const step = graph.steps[index];
  if (!step) return END;
  if (step.kind === "branch") return (output as { matched?: unknown } | null)?.matched === true ? step.then : step.else;
  return step.next ?? graph.steps[index + 1]?.id ?? END;
}

type TPosition =
  | { kind: "step"; stepId: string; resume?: TStepRun }
  | { kind: "end" }
  | { kind: "failed"; code: string; message: string };

/** Settles an approval step that was decided while the run was parked. */
async function settleDecidedApproval(
  context: TFlowContext,
  last: { id: string; stepId: string; output: unknown },
): Promise<TPosition> {
  const toolCallId = (last.output as { toolCallId?: string } | null)?.toolCallId ?? "";
  const approval = await db().approval.findUnique({
    where: { toolCallId },
    select: { id: true, status: true, comment: true, decidedById: true, toolCall: { select: { errorMessage: true } } },
  });
  if (!approval || approval.status === "PENDING")
    return { kind: "failed", code: "INTERNAL", message: "The run resumed while its approval was still pending." };
  if (approval.status === "REJECTED")
    return {
      kind: "failed",
      code: "APPROVAL_REJECTED",
      message: approval.toolCall.errorMessage ?? "The approval was rejected.",
    };
  const output = { decision: "approved", decidedById: approval.decidedById, comment: approval.comment };
  await db().$transaction(async (tx) => {
    const call = { sessionId: context.sessionId, turnId: context.turnId, toolCallId, name: "flow.approval", output };
    await succeedApprovalCall(tx, call);
    await finishStep(context, { stepRunId: last.id, stepId: last.stepId, output }, tx);
  });
  return { kind: "step", stepId: nextAfter(context.graph, last.stepId, output) };
}

/** Where this attempt continues, rebuilt from the recorded steps (approvals and retries resume here). */
async function resumePosition(context: TFlowContext): Promise<TPosition> {
  const last = await db().flowStepRun.findFirst({
    where: { flowRunId: context.flowRunId },
    orderBy: { index: "desc" },
    select: { id: true, index: true, stepId: true, kind: true, status: true, output: true },
  });
  context.nextStepIndex = (last?.index ?? -1) + 1;
  if (!last) return { kind: "step", stepId: context.graph.steps[0]?.id ?? END };
  if (last.status === "COMPLETED") return { kind: "step", stepId: nextAfter(context.graph, last.stepId, last.output) };
  if (last.status === "WAITING") return settleDecidedApproval(context, last);
  if (last.status === "RUNNING" && last.kind === "tool")
    return { kind: "failed", code: "TOOL_CALL_INTERRUPTED", message: INTERRUPTED };
  if (last.status === "RUNNING")
    return { kind: "step", stepId: last.stepId, resume: { id: last.id, output: last.output } };
  return { kind: "failed", code: "INTERNAL", message: `Step ${last.stepId} failed earlier.` };
}

/** A step's output, kept for the later steps' templates and as the run's output so far. */
function keepOutput(context: TFlowContext, stepId: string, output: unknown): void {
  if (context.templates) context.templates.steps[stepId] = { output };
  context.lastOutput = { value: output };
}

/** A step completed: recorded (in `tx` when given), and kept. */
async function finishStep(
  context: TFlowContext,
  step: { stepRunId: string; stepId: string; output: unknown },
  tx?: TTransaction,
): Promise<void> {
  const output = step.output ?? null;
  await finishFlowStep(
    { sessionId: context.sessionId, turnId: context.turnId, flowRunId: context.flowRunId, ...step, output },
    tx,
  );
  keepOutput(context, step.stepId, output);
}

/**
 * Records the step as RUNNING with the input it receives (its templates rendered). A tool step's
 * row is written with its call's start instead (one statement for both).
 */
async function startStep(context: TFlowContext, step: TFlowStep, templates: TTemplateContext): Promise<TStepRun> {
  // Set by resumePosition, which every attempt runs before its first step.
  const index = context.nextStepIndex!++;
  const row = { id: crypto.randomUUID(), output: null, unwritten: { index, input: stepInput(step, templates) } };
  if (step.kind === "tool") return row;
  await insertStepRun(context, step, row);
  return { id: row.id, output: null };
}

/** The run's output: the output of the last step that completed (kept when this attempt completed one). */
async function runOutput(context: TFlowContext): Promise<unknown> {
  if (context.lastOutput) return context.lastOutput.value;
  const last = await db().flowStepRun.findFirst({
    where: { flowRunId: context.flowRunId, status: "COMPLETED" },
    orderBy: { index: "desc" },
    select: { output: true },
  });
  return last?.output ?? null;
}

/** The run completes with its output; caller material is dropped in the same transaction. */
async function completeFlow(context: TFlowContext): Promise<void> {
  const run = {
    sessionId: context.sessionId,
    turnId: context.turnId,
    flowRunId: context.flowRunId,
    output: await runOutput(context),
  };
  if (context.hasGrant === false && context.webhookSubscribed === false) {
    await completeFlowRun(run);
    return;
  }
  await db().$transaction(async (tx) => {
    const settled = await completeFlowRun(run, tx);
    if (context.hasGrant !== false) await dropGrant(tx, context.turnId);
    // run.completed commits with the run or not at all (docs/decisions.md, customer completion webhooks).
    if (settled) await announce(tx, { sessionId: run.sessionId, turnId: run.turnId, status: "completed" });
  });
}

/**
 * One job attempt of a flow run: claim the execution, continue from the recorded steps, run
 * steps in graph order until the end, a failure (the run fails with the step's code) or an
 * approval (the run parks; the decision queues the next attempt).
 */
export async function runFlow(turnId: string): Promise<void> {
  const found = await claimQueuedFlowRun(turnId, new Date());
  if (!found) return;
  // Not claimed in one statement: settled or parked (nothing to do), or interrupted or past its deadline.
  const pending = found.run.status === "QUEUED" || found.run.status === "RUNNING";
  if (!found.claimed && !(pending && (await claimFlow(turnId)))) return;
  const context = await flowContextOf(turnId, found.run);
  if (!context) {
    await failTurn({
      sessionId: found.run.sessionId,
      turnId,
      code: "REVISION_UNAVAILABLE",
      message: "The flow revision this run is pinned to could not be loaded.",
    });
    return;
  }
  const settle = { sessionId: context.sessionId, turnId };
  // A run's first attempt has recorded nothing yet: it starts at the first step with nothing to read.
  const fresh = found.claimed && found.run.attempts === 0;
  if (fresh)
    Object.assign(context, { nextStepIndex: 0, nextCallIndex: 0, templates: { input: context.input, steps: {} } });
  let position: TPosition = fresh
    ? { kind: "step", stepId: context.graph.steps[0]?.id ?? END }
    : await resumePosition(context);
  // Acyclic graphs visit each step at most once; the bound guards against a corrupt revision.
  for (
    let visited = 0;
    position.kind === "step" && position.stepId !== END && visited <= context.graph.steps.length;
    visited++
  ) {
    if (Date.now() >= context.deadlineAt.getTime()) {
      await failTurn({ ...settle, code: "TURN_DEADLINE_EXCEEDED", message: DEADLINE_MESSAGE });
      return;
    }
    const step = context.graph.steps.find((candidate) => candidate.id === (position as { stepId: string }).stepId);
    if (!step) {
      position = {
        kind: "failed",
        code: "INTERNAL",
        message: `The revision names a step ${position.stepId} that does not exist.`,
      };
      break;
    }
    const templates = await loadTemplateContext(context);
    const stepRun = position.resume ?? (await startStep(context, step, templates));
    // The last tool step completes the run in its call's finish, unless the completion needs a transaction.
    const completesRun =
      nextAfter(context.graph, step.id, null) === END &&
      context.hasGrant === false &&
      context.webhookSubscribed === false;
    const result = await runStep(context, step, stepRun, templates, completesRun);
    if (result.kind === "suspended") return;
    if (result.kind === "done" && result.completedRun) return;
    if (result.kind === "failed") {
      position = result;
      break;
    }
    if (result.recorded) keepOutput(context, step.id, result.output ?? null);
    else await finishStep(context, { stepRunId: stepRun.id, stepId: step.id, output: result.output });
    position = { kind: "step", stepId: nextAfter(context.graph, step.id, result.output) };
  }
  if (position.kind === "step" && position.stepId !== END) {
    position = {
      kind: "failed",
      code: "INTERNAL",
      message: "The run visited more steps than its revision has; the graph loops.",
    };
  }
  if (position.kind === "failed") {
    await failTurn({ ...settle, code: position.code, message: position.message });
    return;
  }
  await completeFlow(context);
}

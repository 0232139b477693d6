import { isDeepStrictEqual } from "node:util";
import type { TFlowStep } from "@/contracts/flows/graph";
import { renderString, renderValue, type TTemplateContext } from "@/contracts/flows/templates";
import { db } from "@/server/db/client";
import { toolStepCompletesRun, toolStepFinishedRows, toolStepStartedRows } from "@/server/execution/flow-turns";
import { insertParkedCall, suspendTurn } from "@/server/execution/parked-calls";
import { SETTLE_HOOKS } from "@/server/services/sessions/settle-hooks";
import type { TFlowContext } from "./flow-context";
import { runAgentStep } from "./flow-agent-step";
import type { TStepResult, TStepRun } from "./flow-step-result";
import { executeToolCall, recordUnavailableCall, takeIndex } from "./tool-calls";

/** The approval step's tool-call name: approvals are keyed by a tool call, as for agents. */
export const FLOW_APPROVAL_TOOL = "flow.approval";

/** Writes a step's RUNNING row with the input it received. */
export async function insertStepRun(
  context: TFlowContext,
  step: TFlowStep,
  row: { id: string; unwritten: { index: number; input: unknown } },
): Promise<void> {
  const { index, input } = row.unwritten;
  const data = { id: row.id, flowRunId: context.flowRunId, stepId: step.id, index, kind: step.kind, status: "RUNNING" };
  await db().flowStepRun.create({ data: { ...data, input: input as object }, select: { id: true } });
}

/**
 * A tool step: templated args, section 5 credential resolution, a recorded ToolCall. The step's
 * row is written in its call's start statement and its end in the call's finish.
 */
async function runToolStep(
  context: TFlowContext,
  step: Extract<TFlowStep, { kind: "tool" }>,
  stepRun: TStepRun,
  templates: TTemplateContext,
  completesRun: boolean,
): Promise<TStepResult> {
  const rendered = renderValue(step.args, templates);
  const args =
    rendered && typeof rendered === "object" && !Array.isArray(rendered) ? (rendered as Record<string, unknown>) : {};
  if (!context.tools.has(step.tool)) {
    if (stepRun.unwritten) await insertStepRun(context, step, { id: stepRun.id, unwritten: stepRun.unwritten });
    const message = `The tool ${step.tool} is not available to this flow revision: its integration is not visible to the organization or not bound.`;
    await recordUnavailableCall(context, { id: "", name: step.tool, args }, message);
    return { kind: "failed", code: "TOOL_NOT_AVAILABLE", message };
  }
  const { sessionId, turnId, flowRunId } = context;
  const hooks = stepRun.unwritten && {
    startedRows: toolStepStartedRows({ stepRunId: stepRun.id, flowRunId, stepId: step.id, ...stepRun.unwritten }),
    succeededRows: toolStepFinishedRows({ sessionId, turnId, flowRunId, stepRunId: stepRun.id, stepId: step.id }),
    settlesTurn: completesRun ? toolStepCompletesRun({ sessionId, turnId, flowRunId }) : undefined,
  };
  const outcome = await executeToolCall(context, { id: "", name: step.tool, args }, undefined, hooks);
  if (!outcome.ok) return { kind: "failed", code: outcome.code, message: outcome.message };
  if (!hooks) return { kind: "done", output: outcome.result };
  return { kind: "done", output: outcome.result, recorded: true, ...(outcome.settled ? { completedRun: true } : {}) };
}

/** Branch conditions; comparisons of mismatched types are false rather than errors. */
export function evaluateCondition(
  left: unknown,
  operator: Extract<TFlowStep, { kind: "branch" }>["condition"]["operator"],
  right: unknown,
): boolean {
  switch (operator) {
    case "equals":
      return isDeepStrictEqual(left ?? null, right ?? null);
    case "not-equals":
      return !isDeepStrictEqual(left ?? null, right ?? null);
    case ">":
    case "<": {
      const comparable =
        (typeof left === "number" && typeof right === "number") ||
        (typeof left === "string" && typeof right === "string");
      if (!comparable) return false;
      return operator === ">"
        ? (left as number | string) > (right as number | string)
        : (left as number | string) < (right as number | string);
    }
    case "contains":
      if (typeof left === "string")
        return (
          right !== undefined &&
          right !== null &&
          left.includes(typeof right === "string" ? right : JSON.stringify(right))
        );
      if (Array.isArray(left)) return left.some((item) => isDeepStrictEqual(item, right));
      return false;
    case "exists":
      return left !== undefined && left !== null;
  }
}

/**
 * An approval step parks the run exactly like an agent's approval tool: a ToolCall awaiting
 * approval (name `flow.approval`, args `{ stepId, title }`), a PENDING Approval decided by the
 * domain's approvers, the execution SUSPENDED and `turn.suspended`. The job ends; the decision
 * queues the run again.
 */
async function suspendForApproval(
  context: TFlowContext,
  step: Extract<TFlowStep, { kind: "approval" }>,
  stepRun: TStepRun,
  templates: TTemplateContext,
): Promise<TStepResult> {
  const rendered = renderString(step.title, templates);
  const title = typeof rendered === "string" ? rendered : JSON.stringify(rendered);
  const args = { stepId: step.id, title };
  const index = await takeIndex(context);
  await db().$transaction(async (tx) => {
    const toolCallId = await insertParkedCall(tx, context, {
      index,
      toolName: FLOW_APPROVAL_TOOL,
      integrationId: "",
      args,
    });
    const approval = await tx.approval.create({
      data: { sessionId: context.sessionId, turnId: context.turnId, toolCallId, toolName: FLOW_APPROVAL_TOOL },
      select: { id: true },
    });
    await tx.flowStepRun.update({
      where: { id: stepRun.id },
      data: { status: "WAITING", output: { approvalId: approval.id, toolCallId, title } },
    });
    await tx.flowRun.update({ where: { id: context.flowRunId }, data: { status: "SUSPENDED" } });
    await suspendTurn(
      tx,
      context,
      { approvalId: approval.id, toolName: FLOW_APPROVAL_TOOL, toolCallId, args },
      SETTLE_HOOKS,
    );
  });
  return { kind: "suspended" };
}

/**
 * Runs one step of the graph. `completesRun`: the step is the run's last and its completion
 * needs nothing but its own rows, so a tool step's successful finish completes the run too.
 */
export async function runStep(
  context: TFlowContext,
  step: TFlowStep,
  stepRun: TStepRun,
  templates: TTemplateContext,
  completesRun = false,
): Promise<TStepResult> {
  switch (step.kind) {
    case "tool":
      return runToolStep(context, step, stepRun, templates, completesRun);
    case "branch": {
      const left = renderString(step.condition.left, templates);
      const right = renderValue(step.condition.right, templates);
      return { kind: "done", output: { matched: evaluateCondition(left, step.condition.operator, right) } };
    }
    case "transform":
      return { kind: "done", output: renderValue(step.output, templates) ?? null };
    case "agent":
      return runAgentStep(context, step, stepRun, templates);
    case "approval":
      return suspendForApproval(context, step, stepRun, templates);
  }
}

import type { TFlowStep } from "@/contracts/flows/graph";
import { renderString, type TTemplateContext } from "@/contracts/flows/templates";
import { db } from "@/server/db/client";
import { findAppError } from "@/server/errors";
import { waitForTurnSettled } from "@/server/events/turn-settled";
import { startSession } from "@/server/services/sessions/start-sessions";
import type { TFlowContext } from "./flow-context";
import type { TStepResult, TStepRun } from "./flow-step-result";
import { runTurn } from "./turn-runner";

type TAgentStep = Extract<TFlowStep, { kind: "agent" }>;

/**
 * Opens the asked agent's session (a DOMAIN session of the flow's domain, origin TRIGGER,
 * owned by the run's owner, pinned to the agent's revision published now) with the prompt as
 * its first message and a turn bounded by the flow's own deadline. No job is queued: the flow
 * job runs the turn itself. The child's ids are kept on the step so a retried job resumes it.
 */
type TChild = { sessionId: string; executionId: string };

async function openChildTurn(
  context: TFlowContext,
  step: TAgentStep,
  stepRun: TStepRun,
  prompt: string,
): Promise<TChild | null> {
  const agent = await db().automation.findFirst({
    where: { id: step.automationId, kind: "AGENT", organizationId: context.orgId, domainId: context.domainId },
    select: { id: true, publishedRevision: true },
  });
  if (agent?.publishedRevision == null) return null;
  return db().$transaction(async (tx) => {
    const { sessionId, executionId } = await startSession(tx, {
      organizationId: context.orgId,
      domainId: context.domainId,
      automationId: agent.id,
      revision: agent.publishedRevision!,
      origin: "FLOW",
      ownerId: context.ownerId,
      message: prompt,
      titlePrefix: `Flow step ${step.id}`,
      deadlineAt: context.deadlineAt,
      queueJob: false,
    });
    const child: TChild = { sessionId, executionId };
    await tx.flowStepRun.update({ where: { id: stepRun.id }, data: { output: child } });
    return child;
  });
}

/** The child a retried job resumes, as openChildTurn kept it on the step. */
function childOf(stepRun: TStepRun): TChild | null {
  const output = stepRun.output as Partial<Record<keyof TChild, unknown>> | null;
  return output && typeof output.sessionId === "string" && typeof output.executionId === "string"
    ? { sessionId: output.sessionId, executionId: output.executionId }
    : null;
}

/**
 * An agent step asks the agent one turn and waits for its answer. The turn runs inside this
 * job (the engine's own turn loop, with the agent's own bindings); when the agent parks on an
 * approval, the decision queues its turn on the agent queue and this job waits, bounded by the
 * flow's deadline. The step's output is the answer text; a failed agent turn fails the step
 * with the turn's code.
 */
export async function runAgentStep(
  context: TFlowContext,
  step: TAgentStep,
  stepRun: TStepRun,
  templates: TTemplateContext,
): Promise<TStepResult> {
  let child = childOf(stepRun);
  if (!child) {
    const rendered = renderString(step.prompt, templates);
    const prompt = typeof rendered === "string" ? rendered : JSON.stringify(rendered);
    try {
      child = await openChildTurn(context, step, stepRun, prompt);
    } catch (error) {
      // The follower's partner has not enabled the agent: the step fails naming why.
      const refusal = findAppError(error);
      if (refusal?.code === "AUTOMATION_DISABLED")
        return { kind: "failed", code: refusal.code, message: refusal.message };
      throw error;
    }
    if (!child)
      return {
        kind: "failed",
        code: "AGENT_UNAVAILABLE",
        message: `The agent ${step.automationId} is not a published agent of this flow's domain any more.`,
      };
  }
  const childTurnId = child.executionId;
  await runTurn(childTurnId);
  // Parked on an approval, the turn continues on the agent queue after the decision; this job
  // follows the child's session through the process's hub until it has finished.
  await waitForTurnSettled({
    sessionId: child.sessionId,
    turnId: childTurnId,
    deadline: context.deadlineAt.getTime(),
    until: "finished",
  });
  const turn = await db().turn.findUniqueOrThrow({
    where: { id: childTurnId },
    select: { status: true, errorCode: true, errorMessage: true },
  });
  if (turn.status === "COMPLETED") {
    const answer = await db().sessionMessage.findFirst({
      where: { turnId: childTurnId, role: "ASSISTANT" },
      orderBy: { createdAt: "desc" },
      select: { body: true },
    });
    return { kind: "done", output: answer?.body ?? "" };
  }
  if (turn.status === "FAILED") {
    return {
      kind: "failed",
      code: turn.errorCode ?? "AGENT_TURN_FAILED",
      message: `The agent's turn failed: ${turn.errorMessage ?? "no reason recorded"}`,
    };
  }
  return {
    kind: "failed",
    code: "TURN_DEADLINE_EXCEEDED",
    message: "The flow ran past its execution deadline while waiting for the agent.",
  };
}

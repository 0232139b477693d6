import type { TFlowRunDetail, TGetFlowRunResponse } from "@/contracts/flows/runs";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { maskToolResult } from "@/server/integrations/invoke-tool";
import { authorizeSessionView } from "@/server/services/sessions/session-access";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The flow run a session records, with every step's result, timing and error. Visible to
 * whoever may see the session (the same rule and the same uniform 404); null when the session
 * is an agent's. Tool results are shown with header values redacted, as tool calls are.
 */
export async function getFlowRun(actor: TUserActor, sessionId: string): Promise<TGetFlowRunResponse> {
  const access = await authorizeSessionView(actor, sessionId);
  const run = await db().flowRun.findUnique({ where: { sessionId: access.session.id }, include: { steps: { orderBy: { index: "asc" } } } });
  if (!run) return { flowRun: null };
  const flowRun: TFlowRunDetail = {
    id: run.id,
    sessionId: run.sessionId,
    automationId: run.automationId,
    revision: run.revision,
    status: run.status.toLowerCase() as TFlowRunDetail["status"],
    input: run.input as TFlowRunDetail["input"],
    output: (run.output ?? null) as TFlowRunDetail["output"],
    errorCode: run.errorCode,
    errorMessage: run.errorMessage,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    deadlineAt: run.deadlineAt.toISOString(),
    steps: run.steps.map((step) => ({
      stepId: step.stepId,
      index: step.index,
      kind: step.kind,
      status: step.status.toLowerCase() as TFlowRunDetail["steps"][number]["status"],
      output: (step.kind === "tool" ? maskToolResult(step.output ?? null) : (step.output ?? null)) as TFlowRunDetail["input"],
      errorCode: step.errorCode,
      errorMessage: step.errorMessage,
      startedAt: step.startedAt.toISOString(),
      finishedAt: iso(step.finishedAt),
      durationMs: step.finishedAt ? step.finishedAt.getTime() - step.startedAt.getTime() : null,
    })),
  };
  return { flowRun };
}

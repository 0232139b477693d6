import type { TFlowRunDetail, TGetFlowRunResponse } from "@/contracts/flows/runs";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { maskToolResult } from "@/server/integrations/invoke-tool";
import { authorizeSessionView } from "@/server/services/sessions/session-access";
import { ZFlowRevisionSetup } from "./flow-revision";

const iso = (date: Date | null) => date?.toISOString() ?? null;

const RUN_SELECT = {
  id: true,
  sessionId: true,
  automationId: true,
  revision: true,
  status: true,
  input: true,
  output: true,
  errorCode: true,
  errorMessage: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  deadlineAt: true,
} as const;
const STEP_SELECT = {
  stepId: true,
  index: true,
  kind: true,
  status: true,
  input: true,
  output: true,
  errorCode: true,
  errorMessage: true,
  startedAt: true,
  finishedAt: true,
} as const;

/** The graph of the revision the run is pinned to (test runs: the draft snapshot); null when unreadable. */
async function runGraph(automationId: string, revision: number): Promise<TFlowRunDetail["graph"]> {
  const row = await db().automationRevision.findUnique({
    where: { automationId_revision: { automationId, revision } },
    select: { setup: true },
  });
  const parsed = ZFlowRevisionSetup.safeParse(row?.setup);
  return parsed.success ? parsed.data.graph : null;
}

/**
 * The flow run a session records, with every step's input, result, timing and error and the
 * graph of its pinned revision, so the console draws the run on it. Visible to whoever may see
 * the session (the same rule and the same uniform 404); null when the session is an agent's.
 * Tool results are shown with header values redacted, as tool calls are (inputs are stored so).
 */
export async function getFlowRun(actor: TUserActor, sessionId: string): Promise<TGetFlowRunResponse> {
  const access = await authorizeSessionView(actor, sessionId);
  const run = await db().flowRun.findUnique({
    where: { sessionId: access.session.id },
    select: { ...RUN_SELECT, steps: { orderBy: { index: "asc" }, select: STEP_SELECT } },
  });
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
      // Recorded already redacted by the engine (flow-step-input.ts), so shown as stored.
      input: (step.input ?? null) as TFlowRunDetail["input"],
      output: (step.kind === "tool"
        ? maskToolResult(step.output ?? null)
        : (step.output ?? null)) as TFlowRunDetail["input"],
      errorCode: step.errorCode,
      errorMessage: step.errorMessage,
      startedAt: step.startedAt.toISOString(),
      finishedAt: iso(step.finishedAt),
      durationMs: step.finishedAt ? step.finishedAt.getTime() - step.startedAt.getTime() : null,
    })),
    graph: await runGraph(run.automationId, run.revision),
  };
  return { flowRun };
}

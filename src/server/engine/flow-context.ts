import type { TFlowGraph } from "@/contracts/flows/graph";
import type { TTemplateContext } from "@/contracts/flows/templates";
import { db } from "@/server/db/client";
import { visibleTools } from "@/server/integrations/catalog";
import { getFlowRevisionByNumber } from "@/server/services/flows/get-published-flow-revision";
import type { TToolCallContext } from "./tool-calls";
import type { TOfferedTool } from "./turn-context";

/** What a flow run executes on; loaded once per job (the revision is pinned). */
export type TFlowContext = TToolCallContext & {
  flowRunId: string;
  automationId: string;
  ownerId: string | null;
  deadlineAt: Date;
  graph: TFlowGraph;
  input: unknown;
  /** The index the next new step run takes, once the run's recorded steps were read (resumePosition). */
  nextStepIndex?: number;
};

/**
 * The tools a flow may call: each tool step's tool, when its integration is bound in the
 * revision's belt (publish planned one binding per integration the tool steps call), with the
 * belt's identity mode.
 */
async function flowTools(
  orgId: string,
  graph: TFlowGraph,
  belt: { integrationId: string; identityMode: TOfferedTool["identityMode"] }[],
): Promise<Map<string, TOfferedTool>> {
  const visible = await visibleTools(orgId);
  const modes = new Map(belt.map((entry) => [entry.integrationId, entry.identityMode]));
  const tools = new Map<string, TOfferedTool>();
  for (const step of graph.steps) {
    if (step.kind !== "tool" || tools.has(step.tool)) continue;
    const found = visible.get(step.tool);
    const identityMode = found && modes.get(found.integration.id);
    if (!found || !identityMode) continue;
    tools.set(step.tool, {
      integration: found.integration,
      identityMode,
      model: { name: found.tool.name, description: found.tool.description, inputSchema: found.tool.inputSchema },
    });
  }
  return tools;
}

/** The run's context, or null when its pinned revision cannot be loaded. */
export async function loadFlowContext(turnId: string): Promise<TFlowContext | null> {
  const turn = await db().turn.findUnique({
    where: { id: turnId },
    select: {
      sessionId: true,
      organizationId: true,
      deadlineAt: true,
      session: {
        select: {
          domainId: true,
          ownerId: true,
          flowRun: { select: { id: true, automationId: true, revision: true, input: true } },
        },
      },
    },
  });
  const run = turn?.session.flowRun;
  if (!turn || !run) return null;
  const revision = await getFlowRevisionByNumber(run.automationId, run.revision).catch(() => null);
  if (!revision) return null;
  return {
    turnId,
    sessionId: turn.sessionId,
    orgId: turn.organizationId,
    domainId: turn.session.domainId,
    ownerId: turn.session.ownerId,
    deadlineAt: turn.deadlineAt,
    flowRunId: run.id,
    automationId: run.automationId,
    graph: revision.graph,
    input: run.input,
    tools: await flowTools(turn.organizationId, revision.graph, revision.belt),
    revision: { knowledgeSelection: { mode: "none", moduleIds: [] } },
  };
}

/** Templates read the input and the outputs of the steps that completed so far. */
export async function loadTemplateContext(context: TFlowContext): Promise<TTemplateContext> {
  const done = await db().flowStepRun.findMany({
    where: { flowRunId: context.flowRunId, status: "COMPLETED" },
    select: { stepId: true, output: true },
  });
  return {
    input: context.input,
    steps: Object.fromEntries(done.map((step) => [step.stepId, { output: step.output }])),
  };
}

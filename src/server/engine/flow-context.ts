import type { TFlowGraph } from "@/contracts/flows/graph";
import type { TTemplateContext } from "@/contracts/flows/templates";
import { db } from "@/server/db/client";
import { visibleTools } from "@/server/integrations/catalog";
import type { TClaimedFlowRun } from "@/server/execution/flow-turns";
import { getFlowRevisionByNumber } from "@/server/services/flows/get-published-flow-revision";
import type { TFlowRevisionSnapshot } from "@/server/services/flows/flow-revision";
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
  /** The organization had an enabled webhook endpoint at the claim (unknown means yes): run.completed may be due. */
  webhookSubscribed?: boolean;
  /** The index the next new step run takes, once the run's recorded steps were read (resumePosition). */
  nextStepIndex?: number;
  /** What templates read (the input, the completed steps' outputs), kept as steps complete. */
  templates?: TTemplateContext;
  /** The output of the last step that completed: the run's output when it ends. */
  lastOutput?: { value: unknown };
};

const toolNamesOf = (graph: TFlowGraph) => graph.steps.flatMap((step) => (step.kind === "tool" ? [step.tool] : []));

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
  const visible = await visibleTools(orgId, toolNamesOf(graph));
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

// A run is pinned to a revision, and a revision never changes once written: each process keeps
// the last ones it ran, so a busy flow's runs do not read the same graph for every execution.
const PINNED_REVISIONS_KEPT = 256;
const pinnedRevisions = new Map<string, TFlowRevisionSnapshot>();

async function pinnedRevision(automationId: string, revision: number): Promise<TFlowRevisionSnapshot | null> {
  const key = `${automationId}:${revision}`;
  const kept = pinnedRevisions.get(key);
  if (kept) return kept;
  const read = await getFlowRevisionByNumber(automationId, revision).catch(() => null);
  if (!read) return null;
  if (pinnedRevisions.size >= PINNED_REVISIONS_KEPT) pinnedRevisions.delete(pinnedRevisions.keys().next().value!);
  pinnedRevisions.set(key, read);
  return read;
}

/** The run as its claim read it (execution/flow-turns.ts). */
export type TFlowRunRow = Pick<TClaimedFlowRun, "sessionId" | "orgId" | "domainId" | "ownerId" | "deadlineAt"> &
  Pick<TClaimedFlowRun, "flowRunId" | "automationId" | "revision" | "input"> & {
    hasGrant?: boolean;
    webhookSubscribed?: boolean;
  };

/** The run's context from its row, or null when its pinned revision cannot be loaded. */
export async function flowContextOf(turnId: string, run: TFlowRunRow): Promise<TFlowContext | null> {
  const revision = await pinnedRevision(run.automationId, run.revision);
  if (!revision) return null;
  return {
    turnId,
    sessionId: run.sessionId,
    orgId: run.orgId,
    domainId: run.domainId,
    ownerId: run.ownerId,
    deadlineAt: run.deadlineAt,
    flowRunId: run.flowRunId,
    automationId: run.automationId,
    graph: revision.graph,
    input: run.input,
    hasGrant: run.hasGrant,
    webhookSubscribed: run.webhookSubscribed,
    tools: await flowTools(run.orgId, revision.graph, revision.belt),
    revision: { knowledgeSelection: { mode: "none", moduleIds: [] } },
  };
}

/**
 * Templates read the input and the outputs of the steps that completed so far: read once per
 * attempt (none for a run's first), then kept by the runner as its steps complete.
 */
export async function loadTemplateContext(context: TFlowContext): Promise<TTemplateContext> {
  if (context.templates) return context.templates;
  const done = await db().flowStepRun.findMany({
    where: { flowRunId: context.flowRunId, status: "COMPLETED" },
    select: { stepId: true, output: true },
  });
  context.templates = {
    input: context.input,
    steps: Object.fromEntries(done.map((step) => [step.stepId, { output: step.output }])),
  };
  return context.templates;
}

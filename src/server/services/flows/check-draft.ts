import type { TBindingPolicies } from "@/contracts/agents/setup";
import type { TTransaction } from "@/server/db/client";
import type { TVisibleTool } from "@/server/integrations/catalog";
import { agentIdsIn, validateGraph, type TAgentStanding, type TGraphValidation } from "./validate-graph";

/** Looks up the agents a document's agent steps name, in the flow's own domain. */
async function agentStandings(
  client: TTransaction,
  flow: { organizationId: string; domainId: string },
  graph: unknown,
) {
  const ids = agentIdsIn(graph);
  const rows = ids.length
    ? await client.automation.findMany({
        where: { id: { in: ids }, organizationId: flow.organizationId, domainId: flow.domainId, kind: "AGENT" },
        select: { id: true, publishedRevision: true },
      })
    : [];
  return new Map<string, TAgentStanding>(rows.map((row) => [row.id, { published: row.publishedRevision !== null }]));
}

/** Validates a document for a flow with everything looked up in the given client. */
export async function checkGraph(
  client: TTransaction,
  flow: { organizationId: string; domainId: string },
  graph: unknown,
  bindingPolicies: TBindingPolicies,
  tools: ReadonlyMap<string, TVisibleTool>,
): Promise<TGraphValidation> {
  return validateGraph({ graph, bindingPolicies, tools, agents: await agentStandings(client, flow, graph) });
}

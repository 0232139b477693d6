import type { TIntegrationSummary } from "@/contracts/integrations/integration";
// The one reader of `#<tool wire id>`, shared with the verifier, so the editor's belt and the
// service always agree on what counts as a reference.
import { scanToolReferences } from "@/contracts/agents/tool-references";

export type TCatalogTool = {
  name: string;
  description: string;
  isReadonly: boolean;
  integrationId: string;
  integrationName: string;
};

export type TCatalogIntegration = { id: string; name: string };

export type TToolCatalog = {
  tools: TCatalogTool[];
  byName: ReadonlyMap<string, TCatalogTool>;
  integrations: ReadonlyMap<string, TCatalogIntegration>;
};

export function buildCatalog(integrations: TIntegrationSummary[]): TToolCatalog {
  const tools = integrations.flatMap((integration) =>
    integration.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      isReadonly: tool.isReadonly,
      integrationId: integration.id,
      integrationName: integration.name,
    })),
  );
  return {
    tools,
    byName: new Map(tools.map((tool) => [tool.name, tool])),
    integrations: new Map(
      integrations.map((integration) => [integration.id, { id: integration.id, name: integration.name }]),
    ),
  };
}

/** The integrations the procedure references, in first-reference order (as the belt lists them). */
export function referencedIntegrations(procedure: string, catalog: TToolCatalog): TCatalogIntegration[] {
  const seen = new Map<string, TCatalogIntegration>();
  for (const reference of scanToolReferences(procedure)) {
    const tool = catalog.byName.get(reference.id);
    if (tool && !seen.has(tool.integrationId))
      seen.set(tool.integrationId, { id: tool.integrationId, name: tool.integrationName });
  }
  return [...seen.values()];
}

/** Tools whose wire id contains the query; those that start with it first, else catalog order. */
export function matchTools(tools: TCatalogTool[], query: string, limit = 8): TCatalogTool[] {
  const needle = query.toLowerCase();
  const hits = tools.filter((tool) => tool.name.toLowerCase().includes(needle));
  hits.sort((a, b) => {
    const aStarts = a.name.toLowerCase().startsWith(needle);
    const bStarts = b.name.toLowerCase().startsWith(needle);
    return aStarts === bStarts ? 0 : aStarts ? -1 : 1;
  });
  return hits.slice(0, limit);
}

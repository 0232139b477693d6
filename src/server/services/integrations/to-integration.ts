import type { TIntegrationDetail, TIntegrationSummary } from "@/contracts/integrations/integration";
import type { TIntegrationDefinition } from "@/server/integrations/types";

// Explicit public shapes: stored tool JSON also holds the executor's HTTP binding, which
// stays on the server.

export function toIntegrationSummary(integration: TIntegrationDefinition): TIntegrationSummary {
  return {
    id: integration.id,
    name: integration.name,
    description: integration.description,
    tools: integration.tools.map((tool) => ({
      name: tool.name,
      reference: `#${tool.name}`,
      description: tool.description,
      isReadonly: tool.isReadonly,
    })),
  };
}

export function toIntegrationDetail(integration: TIntegrationDefinition): TIntegrationDetail {
  return {
    id: integration.id,
    name: integration.name,
    description: integration.description,
    tools: integration.tools.map((tool) => ({
      name: tool.name,
      reference: `#${tool.name}`,
      description: tool.description,
      isReadonly: tool.isReadonly,
      inputSchema: tool.inputSchema,
    })),
  };
}

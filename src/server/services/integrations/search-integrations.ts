import {
  MAX_INTEGRATION_RESULTS,
  type TListIntegrationsRequest,
  type TListIntegrationsResponse,
} from "@/contracts/integrations/list-integrations";
import type { TUserActor } from "@/server/auth/actor";
import { visibleIntegrations } from "@/server/integrations/catalog";
import type { TIntegrationDefinition } from "@/server/integrations/types";
import { toIntegrationSummary } from "./to-integration";

function matches(integration: TIntegrationDefinition, term: string): boolean {
  const haystacks = [
    integration.id,
    integration.name,
    integration.description,
    ...integration.tools.flatMap((tool) => [tool.name, tool.description]),
  ];
  return haystacks.some((value) => value.toLowerCase().includes(term));
}

// Sorted here rather than by the database: collations differ between PGlite and PostgreSQL,
// and the order must be the same everywhere.
function byBuiltInThenName(a: TIntegrationDefinition, b: TIntegrationDefinition): number {
  if (a.builtIn !== b.builtIn) return a.builtIn ? -1 : 1;
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Section 4.3 integration search: the organization's visible integrations (built-ins and its
 * own enabled custom ones) whose id, name, description, tool names or tool descriptions
 * contain the term, case-insensitively; built-ins first, then by name; at most 50.
 */
export async function searchIntegrations(
  actor: TUserActor,
  input: TListIntegrationsRequest,
): Promise<TListIntegrationsResponse> {
  const term = (input.q ?? "").trim().toLowerCase();
  const found = (await visibleIntegrations(actor.orgId)).filter((integration) => !term || matches(integration, term));
  return { integrations: found.sort(byBuiltInThenName).slice(0, MAX_INTEGRATION_RESULTS).map(toIntegrationSummary) };
}

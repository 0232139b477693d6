import { db } from "@/server/db/client";
import { BUILT_IN_INTEGRATIONS } from "./built-in";
import type { TCredentialField, TIntegrationDefinition, TToolDefinition } from "./types";

/**
 * The integrations an organization can see: the built-ins plus its own enabled custom
 * integrations. Another organization's integrations, and disabled ones, are invisible.
 */
export async function visibleIntegrations(orgId: string): Promise<TIntegrationDefinition[]> {
  const custom = await db().customIntegration.findMany({
    where: { organizationId: orgId, disabledAt: null },
    orderBy: { name: "asc" },
    select: { id: true, name: true, description: true, credentialFields: true, tools: true },
  });
  return [
    ...BUILT_IN_INTEGRATIONS,
    ...custom.map((row) => {
      const fields = row.credentialFields as TCredentialField[];
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        builtIn: false,
        credential: { token: true, fields, prefers: fields.length ? ("fields" as const) : ("token" as const) },
        tools: row.tools as TToolDefinition[],
      };
    }),
  ];
}

export async function findVisibleIntegration(
  orgId: string,
  integrationId: string,
): Promise<TIntegrationDefinition | null> {
  return (await visibleIntegrations(orgId)).find((integration) => integration.id === integrationId) ?? null;
}

export type TVisibleTool = { integration: TIntegrationDefinition; tool: TToolDefinition };

const BUILT_IN_TOOL_NAMES = new Set(
  BUILT_IN_INTEGRATIONS.flatMap((integration) => integration.tools.map((tool) => tool.name)),
);

/**
 * Every tool the organization can reference, by wire id. Given the names a caller needs, the
 * custom integrations are read only if one of them is not built in (custom ids never start with
 * the reserved `service.`, so they cannot shadow a built-in tool).
 */
export async function visibleTools(orgId: string, needed?: string[]): Promise<Map<string, TVisibleTool>> {
  const tools = new Map<string, TVisibleTool>();
  const builtInOnly = needed?.every((name) => BUILT_IN_TOOL_NAMES.has(name)) ?? false;
  for (const integration of builtInOnly ? BUILT_IN_INTEGRATIONS : await visibleIntegrations(orgId)) {
    for (const tool of integration.tools) tools.set(tool.name, { integration, tool });
  }
  return tools;
}

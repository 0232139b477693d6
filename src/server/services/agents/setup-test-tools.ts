import { BUILT_IN_INTEGRATIONS } from "@/server/integrations/built-in";
import type { TVisibleTool } from "@/server/integrations/catalog";
import type { TIntegrationDefinition } from "@/server/integrations/types";

// The tools a procedure can name in the setup tests: the built-ins and one custom CRM.

export const CRM: TIntegrationDefinition = {
  id: "acme.crm",
  name: "CRM",
  description: "",
  builtIn: false,
  credential: { token: true, fields: [], prefers: "token" },
  tools: [
    { name: "acme.crm.list_contacts", description: "", isReadonly: true, inputSchema: {} },
    { name: "acme.crm.create_contact", description: "", isReadonly: false, inputSchema: {} },
  ],
};

export const TOOLS = new Map<string, TVisibleTool>();
for (const integration of [...BUILT_IN_INTEGRATIONS, CRM]) {
  for (const tool of integration.tools) TOOLS.set(tool.name, { integration, tool });
}

/** The span of the n-th occurrence of `text` in `procedure`. */
export function spanOf(procedure: string, text: string, nth = 0) {
  let start = -1;
  for (let i = 0; i <= nth; i++) start = procedure.indexOf(text, start + 1);
  if (start < 0) throw new Error(`${text} not in procedure`);
  return { start, end: start + text.length };
}

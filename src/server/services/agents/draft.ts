import type {
  TBindingPolicies,
  TIdentityModeValue,
  TKnowledgeMode,
  TKnowledgeSelection,
  TSetup,
} from "@/contracts/agents/setup";
import { ZBindingPolicies } from "@/contracts/agents/setup";
import { ZActionClasses, type TActionClasses } from "@/contracts/assistant/actions";
import type { TTransaction } from "@/server/db/client";
import type { KnowledgeMode } from "@/server/db/generated/enums";
import type { TVisibleTool } from "@/server/integrations/catalog";
import type { TIdentityMode } from "@/server/integrations/types";
import { verifySetup } from "./verify-setup";

// The contract's identity modes must stay exactly those of the integrations layer.
type TSame<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _modesMatch: TSame<TIdentityMode, TIdentityModeValue> = true;

export const DRAFT_SELECT = {
  id: true,
  organizationId: true,
  domainId: true,
  principles: true,
  procedure: true,
  model: true,
  approvalTools: true,
  actionClasses: true,
  bindingPolicies: true,
  knowledgeMode: true,
  knowledgeModuleIds: true,
} as const;

type TDraftRow = {
  id: string;
  organizationId: string;
  domainId: string;
  principles: string;
  procedure: string;
  model: string;
  approvalTools: string[];
  actionClasses: unknown;
  bindingPolicies: unknown;
  knowledgeMode: KnowledgeMode;
  knowledgeModuleIds: string[];
};

export type TDraft = {
  id: string;
  organizationId: string;
  domainId: string;
  setup: TSetup;
  bindingPolicies: TBindingPolicies;
  knowledgeSelection: TKnowledgeSelection;
};

export function toSetup(
  row: Pick<TDraftRow, "principles" | "procedure" | "model" | "approvalTools" | "actionClasses">,
): TSetup {
  return {
    principles: row.principles,
    procedure: row.procedure,
    model: row.model,
    approvalTools: row.approvalTools,
    actionClasses: parseActionClasses(row.actionClasses),
  };
}

/** Stored maps are written only through the Setup contract; anything odd reads as none. */
export function parseActionClasses(value: unknown): TActionClasses {
  const parsed = ZActionClasses.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** Stored policies are written only through setBindingPolicies; anything odd reads as none. */
export function parseBindingPolicies(value: unknown): TBindingPolicies {
  const parsed = ZBindingPolicies.safeParse(value);
  return parsed.success ? parsed.data : {};
}

export const toApiMode = (mode: KnowledgeMode): TKnowledgeMode => mode.toLowerCase() as TKnowledgeMode;
export const toDbMode = (mode: TKnowledgeMode): KnowledgeMode => mode.toUpperCase() as KnowledgeMode;

export function toDraft(row: TDraftRow): TDraft {
  return {
    id: row.id,
    organizationId: row.organizationId,
    domainId: row.domainId,
    setup: toSetup(row),
    bindingPolicies: parseBindingPolicies(row.bindingPolicies),
    knowledgeSelection: { mode: toApiMode(row.knowledgeMode), moduleIds: row.knowledgeModuleIds },
  };
}

export async function readDraft(client: TTransaction, id: string): Promise<TDraft> {
  return toDraft(await client.automation.findUniqueOrThrow({ where: { id }, select: DRAFT_SELECT }));
}

/**
 * Module ids an agent may select: organization modules of its organization and domain
 * modules of its own domain. Returns how each requested id stands.
 */
export async function classifyModules(
  client: TTransaction,
  agent: { organizationId: string; domainId: string },
  moduleIds: readonly string[],
) {
  const rows = moduleIds.length
    ? await client.knowledgeModule.findMany({
        where: { id: { in: [...moduleIds] }, organizationId: agent.organizationId },
        select: { id: true, kind: true, domainId: true },
      })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unknown: string[] = [];
  const otherDomain: string[] = [];
  for (const id of moduleIds) {
    const row = byId.get(id);
    if (!row) unknown.push(id);
    else if (row.kind === "DOMAIN" && row.domainId !== agent.domainId) otherDomain.push(id);
  }
  return { unknown, otherDomain };
}

/** Runs the verifier on a draft, with the knowledge modules checked in the given client. */
export async function verifyDraft(client: TTransaction, draft: TDraft, tools: ReadonlyMap<string, TVisibleTool>) {
  const selection = draft.knowledgeSelection;
  const modules =
    selection.mode === "modules"
      ? await classifyModules(client, draft, selection.moduleIds)
      : { unknown: [], otherDomain: [] };
  return verifySetup({
    setup: draft.setup,
    bindingPolicies: draft.bindingPolicies,
    knowledgeSelection: selection,
    tools,
    missingModuleIds: [...modules.unknown, ...modules.otherDomain],
  });
}

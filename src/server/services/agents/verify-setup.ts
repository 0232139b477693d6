import type { TBeltEntry, TBindingPolicies, TKnowledgeSelection, TSetup } from "@/contracts/agents/setup";
import type { TFinding, TVerification, TWarning } from "@/contracts/agents/verification";
import type { TVisibleTool } from "@/server/integrations/catalog";
import type { TIntegrationDefinition } from "@/server/integrations/types";
import { procedureCalls } from "@/server/models/builtin/procedure-calls";
import { modelAvailability as registryAvailability, type TModelAvailability } from "@/server/models/registry";
import { closestMatch, scanBareToolIds, scanToolReferences, type TToolReference } from "./procedure-refs";

export const KNOWLEDGE_TOOL = "service.knowledge.search";

type TTools = ReadonlyMap<string, TVisibleTool>;

export type TVerifyInput = {
  setup: TSetup;
  bindingPolicies: TBindingPolicies;
  knowledgeSelection: TKnowledgeSelection;
  /** The organization's visible tools by wire id (integrations/catalog.ts visibleTools). */
  tools: TTools;
  /** Selected module ids that no longer name a module the agent may use. */
  missingModuleIds?: readonly string[];
  modelAvailability?: (model: string) => TModelAvailability;
};

/**
 * The identity mode a binding gets: the author's policy, `service` by default. Integrations
 * that take no credential at all (service.knowledge) always bind as `service`.
 */
export function identityModeFor(
  integration: TIntegrationDefinition,
  policies: TBindingPolicies,
): TBeltEntry["identityMode"] {
  if (integration.credential.prefers === "none") return "service";
  return policies[integration.id] ?? "service";
}

/** Proposals are memoized: a long procedure may repeat the same typo many times. */
function proposer(tools: TTools) {
  const proposals = new Map<string, string | null>();
  return (id: string) => {
    if (!proposals.has(id)) proposals.set(id, closestMatch(id, tools.keys()));
    return proposals.get(id)!;
  };
}

/** The belt (resolved references, first-reference order) and a finding per unresolved one. */
function resolveReferences(references: TToolReference[], input: TVerifyInput, propose: (id: string) => string | null) {
  const belt: TBeltEntry[] = [];
  const findings: TFinding[] = [];
  const seen = new Set<string>();
  for (const reference of references) {
    const visible = input.tools.get(reference.id);
    if (visible) {
      if (seen.has(visible.integration.id)) continue;
      seen.add(visible.integration.id);
      belt.push({
        integrationId: visible.integration.id,
        identityMode: identityModeFor(visible.integration, input.bindingPolicies),
      });
      continue;
    }
    const closest = propose(reference.id);
    findings.push({
      kind: "unresolved_ref",
      span: { start: reference.start, end: reference.end },
      detail: `#${reference.id} refers to no tool this organization can use.${closest ? ` Did you mean #${closest}?` : ""}`,
      proposal: closest ? `#${closest}` : null,
    });
  }
  return { belt, findings };
}

/** Approval tools must be visible tools (finding); ones the agent cannot reach get a warning. */
function checkApprovalTools(input: TVerifyInput, belt: TBeltEntry[], propose: (id: string) => string | null) {
  const findings: TFinding[] = [];
  const warnings: TWarning[] = [];
  const beltIds = new Set(belt.map((entry) => entry.integrationId));
  input.setup.approvalTools.forEach((name, index) => {
    const visible = input.tools.get(name);
    if (!visible) {
      const closest = propose(name.replace(/^#/, ""));
      findings.push({
        kind: "unknown_approval_tool",
        span: null,
        detail: `approvalTools[${index}] "${name}" names no tool this organization can use.${closest ? ` Did you mean ${closest}?` : ""}`,
        proposal: closest,
      });
    } else if (!beltIds.has(visible.integration.id)) {
      warnings.push({
        kind: "approval_tool_outside_belt",
        span: null,
        detail: `approvalTools[${index}] "${name}" belongs to ${visible.integration.id}, which the procedure never references, so the agent cannot call it.`,
      });
    }
  });
  return { findings, warnings };
}

/** The one-line reason a tool may not be in both fields (kept identical in detail and docs). */
export const DECIDE_ONE_WAY =
  "decide one way: approvalTools is for people approving in a customer's sessions, actionClasses for an assistant worker's policy";

/**
 * Action classes (spec 4.8) decide an assistant worker's policy, so a wrong key would let an
 * action run unclassified: every key must be a visible tool the procedure can actually call,
 * and a tool cannot also wait for a session approval (two gates with different deciders).
 */
function checkActionClasses(
  input: TVerifyInput,
  belt: TBeltEntry[],
  propose: (id: string) => string | null,
): TFinding[] {
  const findings: TFinding[] = [];
  const beltIds = new Set(belt.map((entry) => entry.integrationId));
  const approvalTools = new Set(input.setup.approvalTools);
  for (const [name, actionClass] of Object.entries(input.setup.actionClasses)) {
    const field = `actionClasses["${name}"]`;
    const visible = input.tools.get(name);
    if (!visible) {
      const closest = propose(name.replace(/^#/, ""));
      findings.push({
        kind: "unknown_action_tool",
        span: null,
        detail: `${field} names no tool this organization can use.${closest ? ` Did you mean ${closest}?` : ""}`,
        proposal: closest,
      });
      continue;
    }
    if (!beltIds.has(visible.integration.id)) {
      findings.push({
        kind: "action_tool_outside_belt",
        span: null,
        detail: `${field} belongs to ${visible.integration.id}, which the procedure never references, so the agent cannot call it. Reference #${name} in the procedure or remove the entry.`,
        proposal: null,
      });
    }
    if (approvalTools.has(name)) {
      findings.push({
        kind: "action_tool_in_approval_tools",
        span: null,
        detail: `${field} (${actionClass}) is also in approvalTools: ${DECIDE_ONE_WAY}.`,
        proposal: null,
      });
    }
  }
  return findings;
}

function textWarnings(input: TVerifyInput, references: TToolReference[], belt: TBeltEntry[]): TWarning[] {
  const { procedure } = input.setup;
  const warnings: TWarning[] = [];
  if (procedure.trim() !== "" && belt.length === 0) {
    warnings.push({
      kind: "empty_belt",
      span: null,
      detail: "The procedure references no tool (#<tool wire id>), so the agent will have no integrations.",
    });
  }
  const selection = input.knowledgeSelection;
  const searches = input.tools.has(KNOWLEDGE_TOOL) && references.some((reference) => reference.id === KNOWLEDGE_TOOL);
  if (searches && (selection.mode === "none" || (selection.mode === "modules" && selection.moduleIds.length === 0))) {
    warnings.push({
      kind: "knowledge_search_without_selection",
      span: null,
      detail: `The procedure references #${KNOWLEDGE_TOOL} but the agent selects no knowledge, so searches find nothing.`,
    });
  }
  for (const bare of scanBareToolIds(procedure, (id) => input.tools.has(id))) {
    warnings.push({
      kind: "unreferenced_tool_id",
      span: { start: bare.start, end: bare.end },
      detail: `"${bare.id}" is a tool id written without "#", so it is not a reference. Write #${bare.id} to let the agent use it.`,
    });
  }
  return warnings;
}

/** A call line's arguments for the warning's example: the tool's required inputs, with sample values. */
function exampleArguments(tool: TVisibleTool["tool"]): string {
  const schema = tool.inputSchema as { properties?: Record<string, { type?: string }>; required?: string[] };
  const names = (schema.required ?? Object.keys(schema.properties ?? {})).slice(0, 2);
  const sample = (name: string) => {
    if (name === "url") return "https://example.com";
    const type = schema.properties?.[name]?.type;
    return type === "integer" || type === "number" ? 1 : type === "boolean" ? true : "{{message}}";
  };
  return JSON.stringify(Object.fromEntries(names.map((name) => [name, sample(name)])));
}

/**
 * A procedure that references tools with a model that will not call them: the agent would
 * run and "do nothing". builtin:echo never calls tools; builtin:procedure calls only the call
 * lines (a reference followed by a JSON object of arguments). Provider models read prose.
 */
function modelWarning(input: TVerifyInput, references: TToolReference[]): TWarning | null {
  const referenced = [...new Set(references.filter((ref) => input.tools.has(ref.id)).map((ref) => ref.id))];
  if (referenced.length === 0) return null;
  const { model, procedure } = input.setup;
  const named =
    referenced
      .slice(0, 3)
      .map((id) => `#${id}`)
      .join(", ") + (referenced.length > 3 ? ", …" : "");
  if (model === "builtin:echo") {
    return {
      kind: "model_cannot_call_tools",
      span: null,
      detail: `The model builtin:echo only repeats the message and never calls tools, so the tools this procedure references (${named}) will not run. Choose builtin:procedure to run the procedure's tool lines, or a provider model to follow it in prose.`,
    };
  }
  if (model === "builtin:procedure" && procedureCalls(procedure).length === 0) {
    return {
      kind: "model_cannot_call_tools",
      span: null,
      detail: `The model builtin:procedure calls only lines that name a tool followed by a JSON object of arguments, e.g. #${referenced[0]} ${exampleArguments(input.tools.get(referenced[0]!)!.tool)}; no line of this procedure is one, so the agent will call no tool. Write the arguments after a reference, or choose a provider model to follow the procedure in prose.`,
    };
  }
  return null;
}

/**
 * The publish verifier (spec 4.3): pure over the draft and the visible tools, so verify and
 * publish give the same answer for the same draft. Findings block publish; warnings do not.
 * Kinds and their order are documented in docs/decisions.md, "The verifier".
 */
export function verifySetup(input: TVerifyInput): TVerification {
  const propose = proposer(input.tools);
  const references = scanToolReferences(input.setup.procedure);
  const resolved = resolveReferences(references, input, propose);
  const approvals = checkApprovalTools(input, resolved.belt, propose);
  const findings: TFinding[] = [
    ...resolved.findings,
    ...approvals.findings,
    ...checkActionClasses(input, resolved.belt, propose),
  ];

  const model = (input.modelAvailability ?? registryAvailability)(input.setup.model);
  if (!model.available) {
    findings.push({
      kind: "unavailable_model",
      span: null,
      detail: model.reason ?? `The model "${input.setup.model}" is not available.`,
      proposal: null,
    });
  }
  for (const moduleId of input.missingModuleIds ?? []) {
    findings.push({
      kind: "unknown_knowledge_module",
      span: null,
      detail: `The knowledge selection names module ${moduleId}, which no longer exists or is not usable by this agent. Set the knowledge selection again.`,
      proposal: null,
    });
  }

  // Warnings without a span first (stable sort), then in text order.
  const cannotCall = modelWarning(input, references);
  const warnings = [
    ...(cannotCall ? [cannotCall] : []),
    ...approvals.warnings,
    ...textWarnings(input, references, resolved.belt),
  ];
  warnings.sort((a, b) => (a.span?.start ?? -1) - (b.span?.start ?? -1));
  return { findings, plannedBelt: resolved.belt, warnings };
}

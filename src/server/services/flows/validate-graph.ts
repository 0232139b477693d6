import { z } from "zod";
import type { TBeltEntry, TBindingPolicies } from "@/contracts/agents/setup";
import type { TFlowFinding } from "@/contracts/flows/findings";
import {
  END,
  successors,
  ZAgentStep,
  ZApprovalStep,
  ZBranchStep,
  ZFlowGraph,
  ZToolStep,
  ZTransformStep,
  type TFlowGraph,
  type TFlowStep,
} from "@/contracts/flows/graph";
import { templatesIn, templatesInValue, type TParsedRef } from "@/contracts/flows/templates";
import type { TVisibleTool } from "@/server/integrations/catalog";
import { closestMatch } from "@/server/services/agents/procedure-refs";
import { identityModeFor } from "@/server/services/agents/verify-setup";

/** How an agent id named by an agent step stands in the flow's domain. */
export type TAgentStanding = { published: boolean };

export type TValidateGraphInput = {
  graph: unknown;
  bindingPolicies: TBindingPolicies;
  tools: ReadonlyMap<string, TVisibleTool>;
  /** Agents of the flow's domain named by agent steps (absent = unknown there). */
  agents: ReadonlyMap<string, TAgentStanding>;
};

export type TGraphValidation = { graph: TFlowGraph | null; findings: TFlowFinding[]; plannedBelt: TBeltEntry[] };

const finding = (kind: TFlowFinding["kind"], path: string, stepId: string | null, message: string): TFlowFinding => ({
  kind,
  path,
  stepId,
  message,
});

/** Agent ids the document's agent steps name, so the caller can look them up first. */
export function agentIdsIn(graph: unknown): string[] {
  const parsed = ZFlowGraph.safeParse(graph);
  if (!parsed.success) return [];
  return [...new Set(parsed.data.steps.flatMap((step) => (step.kind === "agent" ? [step.automationId] : [])))];
}

/** Where a structural problem is, in words ("Step 2's id", "The document"). */
function placeOf(path: PropertyKey[], graph: unknown): string {
  const [top, index, field, ...rest] = path;
  if (top === "steps" && typeof index === "number") {
    const steps = (graph as { steps?: unknown[] } | null)?.steps;
    const id = (steps?.[index] as { id?: unknown } | undefined)?.id;
    const step = typeof id === "string" && id ? `Step ${index + 1} ("${id}")` : `Step ${index + 1}`;
    if (field === undefined) return step;
    return `${step} ${[field, ...rest].map(String).join(".")}`;
  }
  if (top === undefined) return "The document";
  return path.map(String).join(".");
}

function structureFindings(error: z.ZodError, graph: unknown): TFlowFinding[] {
  return error.issues.map((issue) => {
    const path = issue.path
      .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
      .join("")
      .replace(/^\./, "");
    // Fragments ("must not be empty") follow the place; whole sentences come after a colon.
    const joint = /^[a-z"]/.test(issue.message) ? " " : ": ";
    return finding("invalid_document", path, null, `${placeOf(issue.path, graph)}${joint}${issue.message}`);
  });
}

/**
 * The document read with any text as a step id: a bad id is a structural finding already, and
 * must not hide what the other checks find (issue 41). Anything else still has to parse.
 */
const ANY_ID = {
  id: z
    .string()
    .min(1)
    .refine((id) => id !== END),
};
const ZLenientGraph = z.strictObject({
  inputSchema: ZFlowGraph.shape.inputSchema,
  steps: z.array(
    z.discriminatedUnion("kind", [
      ZToolStep.extend(ANY_ID),
      ZBranchStep.extend(ANY_ID),
      ZTransformStep.extend(ANY_ID),
      ZAgentStep.extend(ANY_ID),
      ZApprovalStep.extend(ANY_ID),
    ]),
  ),
});

/** Only step ids are wrong: the rest of the document can still be checked. */
function onlyStepIds(error: z.ZodError): boolean {
  return error.issues.every((issue) => issue.path.length === 3 && issue.path[0] === "steps" && issue.path[2] === "id");
}

function inputSchemaFindings(graph: TFlowGraph): TFlowFinding[] {
  if (graph.inputSchema.type !== "object") {
    return [
      finding(
        "invalid_input_schema",
        "inputSchema.type",
        null,
        "inputSchema must describe an object: set `type: object`.",
      ),
    ];
  }
  try {
    z.fromJSONSchema(graph.inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
    return [];
  } catch (error) {
    return [
      finding(
        "invalid_input_schema",
        "inputSchema",
        null,
        `inputSchema is not a usable JSON schema: ${(error as Error).message}`,
      ),
    ];
  }
}

function duplicateFindings(graph: TFlowGraph): TFlowFinding[] {
  const seen = new Set<string>();
  const findings: TFlowFinding[] = [];
  graph.steps.forEach((step, index) => {
    if (seen.has(step.id))
      findings.push(
        finding(
          "duplicate_step_id",
          `steps[${index}].id`,
          step.id,
          `Step id "${step.id}" is used by more than one step; ids must be unique.`,
        ),
      );
    seen.add(step.id);
  });
  return findings;
}

function targetFields(step: TFlowStep): Array<[field: string, target: string]> {
  if (step.kind === "branch")
    return [
      ["then", step.then],
      ["else", step.else],
    ];
  return step.next === undefined ? [] : [["next", step.next]];
}

function danglingFindings(graph: TFlowGraph, ids: ReadonlySet<string>): TFlowFinding[] {
  return graph.steps.flatMap((step, index) =>
    targetFields(step)
      .filter(([, target]) => target !== END && !ids.has(target))
      .map(([field, target]) => {
        const closest = closestMatch(target, ids);
        return finding(
          "dangling_target",
          `steps[${index}].${field}`,
          step.id,
          `Step "${step.id}" ${field} "${target}" names no step.${closest ? ` Did you mean "${closest}"?` : ""} Use "${END}" to end the run.`,
        );
      }),
  );
}

/** Edges by step id (first occurrence wins for duplicates; they are findings already). */
function edges(graph: TFlowGraph, ids: ReadonlySet<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  graph.steps.forEach((step, index) => {
    if (!out.has(step.id))
      out.set(
        step.id,
        successors(graph, index).filter((target) => ids.has(target)),
      );
  });
  return out;
}

function reachableFrom(start: string, out: ReadonlyMap<string, string[]>): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(out.get(id) ?? []));
  }
  return seen;
}

/** One finding per cycle found by depth-first search (a run must terminate). */
function cycleFindings(graph: TFlowGraph, out: ReadonlyMap<string, string[]>): TFlowFinding[] {
  const state = new Map<string, "open" | "done">();
  const findings: TFlowFinding[] = [];
  const visit = (id: string, trail: string[]) => {
    state.set(id, "open");
    for (const target of out.get(id) ?? []) {
      if (state.get(target) === "open") {
        const loop = [...trail.slice(trail.indexOf(target)), id, target];
        const index = graph.steps.findIndex((step) => step.id === id);
        findings.push(
          finding(
            "cycle",
            `steps[${index}]`,
            id,
            `Steps loop back: ${loop.join(" → ")}. A flow must not revisit a step, so every run ends.`,
          ),
        );
      } else if (!state.has(target)) visit(target, [...trail, id]);
    }
    state.set(id, "done");
  };
  for (const step of graph.steps) if (!state.has(step.id)) visit(step.id, []);
  return findings;
}

function templateSources(step: TFlowStep): Array<[field: string, refs: TParsedRef[]]> {
  switch (step.kind) {
    case "tool":
      return [["args", templatesInValue(step.args)]];
    case "branch":
      return [
        ["condition.left", templatesIn(step.condition.left)],
        ["condition.right", templatesInValue(step.condition.right)],
      ];
    case "transform":
      return [["output", templatesInValue(step.output)]];
    case "agent":
      return [["prompt", templatesIn(step.prompt)]];
    case "approval":
      return [["title", templatesIn(step.title)]];
  }
}

/** Templates must name the input or a step that runs before this one on some path. */
function templateFindings(
  graph: TFlowGraph,
  ids: ReadonlySet<string>,
  out: ReadonlyMap<string, string[]>,
): TFlowFinding[] {
  const findings: TFlowFinding[] = [];
  graph.steps.forEach((step, index) => {
    for (const [field, refs] of templateSources(step)) {
      const path = `steps[${index}].${field}`;
      for (const { text, ref } of refs) {
        if (!ref) {
          findings.push(
            finding(
              "invalid_template",
              path,
              step.id,
              `${text} in step "${step.id}" is not a template this flow understands: use {{input.<path>}} or {{steps.<stepId>.output.<path>}}.`,
            ),
          );
        } else if (ref.source === "step" && !ids.has(ref.stepId)) {
          findings.push(
            finding(
              "unknown_template_step",
              path,
              step.id,
              `${text} in step "${step.id}" names no step "${ref.stepId}".`,
            ),
          );
        } else if (ref.source === "step" && (ref.stepId === step.id || !reachableFrom(ref.stepId, out).has(step.id))) {
          findings.push(
            finding(
              "template_step_not_before",
              path,
              step.id,
              `${text} in step "${step.id}" reads step "${ref.stepId}", which never runs before it, so its output cannot exist yet.`,
            ),
          );
        }
      }
    }
  });
  return findings;
}

function toolFindings(graph: TFlowGraph, input: TValidateGraphInput): { findings: TFlowFinding[]; belt: TBeltEntry[] } {
  const findings: TFlowFinding[] = [];
  const belt: TBeltEntry[] = [];
  graph.steps.forEach((step, index) => {
    if (step.kind !== "tool") return;
    const visible = input.tools.get(step.tool);
    if (!visible) {
      const closest = closestMatch(step.tool, input.tools.keys());
      findings.push(
        finding(
          "unknown_tool",
          `steps[${index}].tool`,
          step.id,
          `Step "${step.id}" calls "${step.tool}", which is no tool this organization can use.${closest ? ` Did you mean "${closest}"?` : ""}`,
        ),
      );
    } else if (!belt.some((entry) => entry.integrationId === visible.integration.id)) {
      belt.push({
        integrationId: visible.integration.id,
        identityMode: identityModeFor(visible.integration, input.bindingPolicies),
      });
    }
  });
  return { findings, belt };
}

function agentFindings(graph: TFlowGraph, agents: ReadonlyMap<string, TAgentStanding>): TFlowFinding[] {
  return graph.steps.flatMap((step, index) => {
    if (step.kind !== "agent") return [];
    const standing = agents.get(step.automationId);
    const path = `steps[${index}].automationId`;
    if (!standing)
      return [
        finding(
          "unknown_agent",
          path,
          step.id,
          `Step "${step.id}" asks agent ${step.automationId}, which is no agent of this flow's domain.`,
        ),
      ];
    if (!standing.published)
      return [
        finding(
          "unpublished_agent",
          path,
          step.id,
          `Step "${step.id}" asks agent ${step.automationId}, which has never been published; publish it first.`,
        ),
      ];
    return [];
  });
}

/**
 * Checks a flow document the way publish does: structure first, then input schema, ids, tools,
 * targets, reachability, cycles, templates and agents. When only step ids are malformed the
 * other checks still run, so every finding shows at once; any other structural problem stops
 * there (the rest cannot be read). The planned belt lists the integrations tool steps use.
 */
export function validateGraph(input: TValidateGraphInput): TGraphValidation {
  const parsed = ZFlowGraph.safeParse(input.graph);
  if (parsed.success) return checkMeaning(parsed.data, input);
  const structure = structureFindings(parsed.error, input.graph);
  const lenient = onlyStepIds(parsed.error) ? ZLenientGraph.safeParse(input.graph) : null;
  if (!lenient?.success) return { graph: null, findings: structure, plannedBelt: [] };
  const meaning = checkMeaning(lenient.data as TFlowGraph, input);
  return { graph: null, findings: [...structure, ...meaning.findings], plannedBelt: meaning.plannedBelt };
}

/** The checks of meaning, on a document whose structure parsed. */
function checkMeaning(graph: TFlowGraph, input: TValidateGraphInput): TGraphValidation {
  const ids = new Set(graph.steps.map((step) => step.id));
  const out = edges(graph, ids);
  const tools = toolFindings(graph, input);
  const findings = [
    ...(graph.steps.length ? [] : [finding("no_steps", "steps", null, "The flow has no steps: add at least one.")]),
    ...inputSchemaFindings(graph),
    ...duplicateFindings(graph),
    ...tools.findings,
    ...danglingFindings(graph, ids),
  ];
  // With duplicate ids the edges are ambiguous: the path checks would only add noise.
  if (!graph.steps.length || findings.some((item) => item.kind === "duplicate_step_id")) {
    return { graph, findings: [...findings, ...agentFindings(graph, input.agents)], plannedBelt: tools.belt };
  }
  const reachable = reachableFrom(graph.steps[0]!.id, out);
  graph.steps.forEach((step, index) => {
    if (!reachable.has(step.id))
      findings.push(
        finding(
          "unreachable_step",
          `steps[${index}]`,
          step.id,
          `Step "${step.id}" can never run: no path from the first step leads to it.`,
        ),
      );
  });
  findings.push(
    ...cycleFindings(graph, out),
    ...templateFindings(graph, ids, out),
    ...agentFindings(graph, input.agents),
  );
  return { graph, findings, plannedBelt: tools.belt };
}

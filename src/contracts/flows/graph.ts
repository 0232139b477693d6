import { z } from "zod";

/** Bounds of a flow graph document (kept generous; a flow is authored by hand). */
export const FLOW_LIMITS = {
  steps: 200,
  stepId: 64,
  template: 10_000,
  documentBytes: 500_000,
} as const;

/** The reserved target that ends a run. */
export const END = "end";

const STEP_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;

export const ZStepId = z
  .string()
  .min(1, "must not be empty")
  .max(FLOW_LIMITS.stepId, `must be at most ${FLOW_LIMITS.stepId} characters`)
  .regex(STEP_ID, "must start with a letter and use only letters, digits, '_' and '-'")
  .refine((id) => id !== END, `"${END}" is reserved: it ends the run`);

/** Where a step goes next: another step's id, or "end". */
export const ZStepTarget = z
  .string()
  .min(1, "must not be empty")
  .max(FLOW_LIMITS.stepId, `must be at most ${FLOW_LIMITS.stepId} characters`);

const ZTemplate = z.string().max(FLOW_LIMITS.template, `must be at most ${FLOW_LIMITS.template} characters`);

/** Any JSON value; strings in it may hold templates. */
export const ZJsonValue = z.json();

export const CONDITION_OPERATORS = ["equals", "not-equals", ">", "<", "contains", "exists"] as const;

export const ZToolStep = z.strictObject({
  id: ZStepId,
  kind: z.literal("tool"),
  tool: z.string().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  args: z.record(z.string(), ZJsonValue).default({}),
  next: ZStepTarget.optional(),
});

export const ZBranchStep = z.strictObject({
  id: ZStepId,
  kind: z.literal("branch"),
  condition: z.strictObject({
    left: ZTemplate,
    operator: z.enum(CONDITION_OPERATORS),
    right: ZJsonValue.optional(),
  }),
  then: ZStepTarget,
  else: ZStepTarget,
});

export const ZTransformStep = z.strictObject({
  id: ZStepId,
  kind: z.literal("transform"),
  output: ZJsonValue,
  next: ZStepTarget.optional(),
});

export const ZAgentStep = z.strictObject({
  id: ZStepId,
  kind: z.literal("agent"),
  automationId: z.uuid("must be the id (UUID) of a published agent"),
  prompt: ZTemplate.min(1, "must not be empty"),
  next: ZStepTarget.optional(),
});

export const ZApprovalStep = z.strictObject({
  id: ZStepId,
  kind: z.literal("approval"),
  title: ZTemplate.min(1, "must not be empty"),
  next: ZStepTarget.optional(),
});

export const ZFlowStep = z.discriminatedUnion("kind", [
  ZToolStep,
  ZBranchStep,
  ZTransformStep,
  ZAgentStep,
  ZApprovalStep,
]);
export type TFlowStep = z.infer<typeof ZFlowStep>;
export type TStepKind = TFlowStep["kind"];

/**
 * The flow document: the JSON schema of the run's input (an object schema) and the steps.
 * Structure only; the validator checks meaning (tools, targets, templates, cycles).
 */
export const ZFlowGraph = z
  .strictObject({
    inputSchema: z
      .record(z.string(), ZJsonValue)
      .meta({ description: "JSON schema of the run's input; its `type` must be `object`." }),
    steps: z.array(ZFlowStep).max(FLOW_LIMITS.steps, `must have at most ${FLOW_LIMITS.steps} steps`),
  })
  .refine(
    (graph) => JSON.stringify(graph).length <= FLOW_LIMITS.documentBytes,
    `must be at most ${FLOW_LIMITS.documentBytes.toLocaleString("en")} characters as JSON`,
  )
  .meta({ id: "FlowGraph" });
export type TFlowGraph = z.infer<typeof ZFlowGraph>;

export const EMPTY_FLOW_GRAPH: TFlowGraph = { inputSchema: { type: "object", properties: {} }, steps: [] };

/** The step a step hands over to when nothing else says so: the next in the list, else the end. */
export function successors(graph: TFlowGraph, index: number): string[] {
  const step = graph.steps[index]!;
  if (step.kind === "branch") return [step.then, step.else];
  if (step.next !== undefined) return [step.next];
  return [graph.steps[index + 1]?.id ?? END];
}

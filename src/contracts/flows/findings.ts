import { z } from "zod";

/** Kinds of flow validation findings; each blocks publish (docs/flows.md lists them). */
export const FLOW_FINDING_KINDS = [
  "invalid_document",
  "no_steps",
  "invalid_input_schema",
  "duplicate_step_id",
  "unknown_tool",
  "dangling_target",
  "unreachable_step",
  "cycle",
  "invalid_template",
  "unknown_template_step",
  "template_step_not_before",
  "unknown_agent",
  "unpublished_agent",
] as const;
export type TFlowFindingKind = (typeof FLOW_FINDING_KINDS)[number];

export const ZFlowFinding = z
  .object({
    kind: z.enum(FLOW_FINDING_KINDS),
    path: z
      .string()
      .meta({ description: "Where in the document, e.g. `steps[2].next`; empty for the whole document." }),
    stepId: z.string().nullable().meta({ description: "The step concerned, when there is one." }),
    message: z.string(),
  })
  .meta({ id: "FlowFinding" });
export type TFlowFinding = z.infer<typeof ZFlowFinding>;

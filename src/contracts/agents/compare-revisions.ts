import { z } from "zod";
import { ZAgentPathId } from "./setup";

/** One line of a line-by-line comparison: kept, removed (only in the older) or added (only in the newer). */
export const ZDiffLine = z.object({ op: z.enum(["same", "removed", "added"]), text: z.string() });
export type TDiffLine = z.infer<typeof ZDiffLine>;

/**
 * One thing that differs between two revisions of an agent (a Setup field, the binding
 * policies, the knowledge selection, the bindings) or of a flow (a step, the input schema,
 * the binding policies). `before` and `after` are the readable text of each side, null where
 * the thing does not exist on that side; `lines` compares them line by line (null when too long).
 */
export const ZRevisionChange = z.object({
  field: z.string().meta({ description: "Machine name: `procedure`, `model`, `step:<id>`, ..." }),
  label: z.string().meta({ description: "What a person calls it: “Procedure”, “Step “fetch””." }),
  change: z.enum(["added", "removed", "changed"]),
  before: z.string().nullable(),
  after: z.string().nullable(),
  lines: z.array(ZDiffLine).nullable(),
});
export type TRevisionChange = z.infer<typeof ZRevisionChange>;

export const ZCompareRevisionsRequest = z.strictObject({
  id: ZAgentPathId,
  from: z.int().min(1).meta({ description: "The older side (any published revision)." }),
  to: z.int().min(1).meta({ description: "The newer side (any published revision)." }),
});
export type TCompareRevisionsRequest = z.infer<typeof ZCompareRevisionsRequest>;

export const ZCompareRevisionsResponse = z.object({
  from: z.int(),
  to: z.int(),
  changes: z.array(ZRevisionChange).meta({ description: "Empty when the two revisions are the same." }),
});
export type TCompareRevisionsResponse = z.infer<typeof ZCompareRevisionsResponse>;

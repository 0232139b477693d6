import { z } from "zod";
import { ZBeltEntry } from "./setup";

/** Kinds of verifier findings: each blocks publish (docs/decisions.md, "The verifier"). */
export const FINDING_KINDS = [
  "unresolved_ref",
  "unknown_approval_tool",
  "unknown_action_tool",
  "action_tool_outside_belt",
  "action_tool_in_approval_tools",
  "unavailable_model",
  "unknown_knowledge_module",
] as const;
export type TFindingKind = (typeof FINDING_KINDS)[number];

/** Kinds of warnings: advisory, never block publish. */
export const WARNING_KINDS = [
  "empty_belt",
  "unreferenced_tool_id",
  "approval_tool_outside_belt",
  "knowledge_search_without_selection",
  // The model will not call the tools the procedure references (builtin:echo, or builtin:procedure without call lines).
  "model_cannot_call_tools",
] as const;
export type TWarningKind = (typeof WARNING_KINDS)[number];

export const ZSpan = z
  .object({
    start: z.int().min(0).meta({ description: "Offset of the first character in the procedure." }),
    end: z.int().min(0).meta({ description: "Offset just after the last character (exclusive)." }),
  })
  .meta({
    id: "ProcedureSpan",
    description: "Character offsets into the procedure (UTF-16 code units, end exclusive).",
  });
export type TSpan = z.infer<typeof ZSpan>;

export const ZFinding = z
  .object({
    kind: z.enum(FINDING_KINDS),
    span: ZSpan.nullable().meta({
      description: "Where in the procedure; null when the problem is not in the procedure text.",
    }),
    detail: z.string(),
    proposal: z
      .string()
      .nullable()
      .meta({ description: "A suggested replacement (e.g. the closest tool reference), or null." }),
  })
  .meta({ id: "VerifierFinding" });
export type TFinding = z.infer<typeof ZFinding>;

export const ZWarning = z
  .object({ kind: z.enum(WARNING_KINDS), span: ZSpan.nullable(), detail: z.string() })
  .meta({ id: "VerifierWarning" });
export type TWarning = z.infer<typeof ZWarning>;

export const ZVerification = z
  .object({
    findings: z.array(ZFinding),
    plannedBelt: z.array(ZBeltEntry),
    warnings: z.array(ZWarning),
  })
  .meta({ id: "AgentVerification" });
export type TVerification = z.infer<typeof ZVerification>;

/** A finding as 422 publish refusals list it in `error.details.findings`. */
export type TPublishFinding = { message: string; span: TSpan | null; kind: TFindingKind; proposal: string | null };

import { isMap, isSeq, parseDocument, type Node } from "yaml";
import type { TStepKind } from "@/contracts/flows/graph";
import type { TDocumentFormat } from "./document-text";

/**
 * A starting point for each step kind (docs/flows.md, "Steps"), with the fields the kind needs
 * filled by examples to replace. The agent step's id is left for the author: only they know
 * which published agent to ask, and the finding says so until they do.
 */
export const STEP_TEMPLATES: Record<TStepKind, { label: string; step: (id: string) => Record<string, unknown> }> = {
  tool: {
    label: "Tool",
    step: (id) => ({
      id,
      kind: "tool",
      tool: "service.http.post",
      args: { url: "https://example.com/hook", body: "{{input}}" },
    }),
  },
  branch: {
    label: "Branch",
    step: (id) => ({
      id,
      kind: "branch",
      condition: { left: "{{input.amount}}", operator: ">", right: 100 },
      then: "end",
      else: "end",
    }),
  },
  transform: { label: "Transform", step: (id) => ({ id, kind: "transform", output: { summary: "{{input}}" } }) },
  agent: {
    label: "Agent",
    step: (id) => ({ id, kind: "agent", automationId: "<id of a published agent>", prompt: "{{input.message}}" }),
  },
  approval: { label: "Approval", step: (id) => ({ id, kind: "approval", title: "Approve {{input.amount}}" }) },
};

/** The first free `<kind>`, `<kind>_2`, ... among the ids already used. */
function freeId(kind: TStepKind, steps: unknown[]): string {
  const taken = new Set(
    steps.flatMap((step: unknown) =>
      step && typeof step === "object" && "id" in step && typeof step.id === "string" ? [step.id] : [],
    ),
  );
  if (!taken.has(kind)) return kind;
  let suffix = 2;
  while (taken.has(`${kind}_${suffix}`)) suffix++;
  return `${kind}_${suffix}`;
}

/**
 * The document text with a step of `kind` appended to its steps, or null when the document is
 * not an object whose `steps` is a list (the author fixes that first).
 *
 * YAML is edited through the `yaml` package's Document (not parse-and-stringify), so the
 * author's comments, key order, quoting and blank lines survive the insert: the editor is
 * where people write notes to each other. JSON has no comments; it is re-printed as before.
 */
export function textWithStep(text: string, kind: TStepKind, format: TDocumentFormat): string | null {
  const document = parseDocument<Node>(text);
  if (document.errors.length > 0) return null;
  if (document.contents === null) document.contents = document.createNode({});
  const root = document.contents;
  if (!isMap(root)) return null;
  const steps = root.get("steps", true);
  if (steps !== undefined && steps !== null && !isSeq(steps)) return null;
  const existing = steps ? (steps.toJSON() as unknown[]) : [];
  const step = STEP_TEMPLATES[kind].step(freeId(kind, existing));
  if (format === "json") {
    const value = { ...(document.toJS() as Record<string, unknown>), steps: [...existing, step] };
    return `${JSON.stringify(value, null, 2)}\n`;
  }
  if (steps) {
    // A new flow starts as `steps: []`: a block list reads better than one growing inline list.
    if (steps.items.length === 0) steps.flow = false;
    steps.add(document.createNode(step));
  } else root.set("steps", document.createNode([step]));
  return document.toString({ lineWidth: 0 });
}

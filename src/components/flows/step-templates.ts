import type { TStepKind } from "@/contracts/flows/graph";

/**
 * A starting point for each step kind (docs/flows.md, "Steps"), with the fields the kind needs
 * filled by examples to replace. The agent step's id is left for the author: only they know
 * which published agent to ask, and the finding says so until they do.
 */
export const STEP_TEMPLATES: Record<TStepKind, { label: string; step: (id: string) => Record<string, unknown> }> = {
  tool: { label: "Tool", step: (id) => ({ id, kind: "tool", tool: "service.http.post", args: { url: "https://example.com/hook", body: "{{input}}" } }) },
  branch: { label: "Branch", step: (id) => ({ id, kind: "branch", condition: { left: "{{input.amount}}", operator: ">", right: 100 }, then: "end", else: "end" }) },
  transform: { label: "Transform", step: (id) => ({ id, kind: "transform", output: { summary: "{{input}}" } }) },
  agent: { label: "Agent", step: (id) => ({ id, kind: "agent", automationId: "<id of a published agent>", prompt: "{{input.message}}" }) },
  approval: { label: "Approval", step: (id) => ({ id, kind: "approval", title: "Approve {{input.amount}}" }) },
};

/** The first free `<kind>`, `<kind>_2`, ... among the ids already used. */
function freeId(kind: TStepKind, taken: Set<string>): string {
  if (!taken.has(kind)) return kind;
  let suffix = 2;
  while (taken.has(`${kind}_${suffix}`)) suffix++;
  return `${kind}_${suffix}`;
}

/**
 * The document with a step of `kind` appended to its steps, or null when the document is not
 * an object whose `steps` is a list (the author fixes the syntax first).
 */
export function withStep(document: unknown, kind: TStepKind): Record<string, unknown> | null {
  if (!document || typeof document !== "object" || Array.isArray(document)) return null;
  const current = document as Record<string, unknown>;
  const steps = current.steps === undefined ? [] : current.steps;
  if (!Array.isArray(steps)) return null;
  const taken = new Set(steps.flatMap((step: unknown) => (step && typeof step === "object" && "id" in step && typeof step.id === "string" ? [step.id] : [])));
  return { ...current, steps: [...steps, STEP_TEMPLATES[kind].step(freeId(kind, taken))] };
}

import { describe, expect, it } from "vitest";
import { BUILT_IN_INTEGRATIONS } from "@/server/integrations/built-in";
import type { TVisibleTool } from "@/server/integrations/catalog";
import { validateGraph, type TAgentStanding } from "./validate-graph";

const tools = new Map<string, TVisibleTool>(
  BUILT_IN_INTEGRATIONS.flatMap((integration) =>
    integration.tools.map((tool) => [tool.name, { integration, tool }] as const),
  ),
);
const PUBLISHED = "11111111-1111-4111-8111-111111111111";
const DRAFT = "22222222-2222-4222-8222-222222222222";
const agents = new Map<string, TAgentStanding>([
  [PUBLISHED, { published: true }],
  [DRAFT, { published: false }],
]);
const inputSchema = { type: "object", properties: { email: { type: "string" } }, required: ["email"] };

function check(steps: unknown[], extra: Record<string, unknown> = {}, bindingPolicies = {}) {
  return validateGraph({ graph: { inputSchema, steps, ...extra }, bindingPolicies, tools, agents });
}
const kinds = (steps: unknown[], extra?: Record<string, unknown>) =>
  check(steps, extra).findings.map((finding) => finding.kind);
const post = (id: string, more: Record<string, unknown> = {}) => ({
  id,
  kind: "tool",
  tool: "service.http.post",
  args: { url: "https://example.com", body: "{{input}}" },
  ...more,
});

describe("validateGraph", () => {
  it("accepts a complete flow using every step kind and plans its bindings", () => {
    const result = check(
      [
        {
          id: "lookup",
          kind: "tool",
          tool: "service.http.get",
          args: { url: "https://example.com/c", query: { email: "{{input.email}}" } },
        },
        {
          id: "known",
          kind: "branch",
          condition: { left: "{{steps.lookup.output.status}}", operator: "equals", right: 200 },
          then: "shape",
          else: "ask",
        },
        {
          id: "shape",
          kind: "transform",
          output: { id: "{{steps.lookup.output.body.id}}", note: "for {{input.email}}" },
          next: "approve",
        },
        { id: "ask", kind: "agent", automationId: PUBLISHED, prompt: "Who is {{input.email}}?", next: "approve" },
        { id: "approve", kind: "approval", title: "Send to {{input.email}}?" },
        post("send"),
      ],
      {},
      { "service.http": "caller_preferred" },
    );
    expect(result.findings).toEqual([]);
    expect(result.plannedBelt).toEqual([{ integrationId: "service.http", identityMode: "caller_preferred" }]);
    expect(result.graph?.steps).toHaveLength(6);
  });

  it("reports structural problems as invalid_document with the path, and checks nothing else", () => {
    const result = validateGraph({
      graph: { inputSchema, steps: [{ id: "a", kind: "teleport" }], extra: 1 },
      bindingPolicies: {},
      tools,
      agents,
    });
    expect(result.graph).toBeNull();
    expect(result.findings.every((finding) => finding.kind === "invalid_document")).toBe(true);
    expect(result.findings.map((finding) => finding.path)).toEqual(expect.arrayContaining(["steps[0].kind", ""]));
    expect(kinds([{ id: "end", kind: "approval", title: "x" }])).toEqual(["invalid_document"]);
  });

  it("a malformed step id does not hide the other findings: every one is reported at once", () => {
    const result = check([
      post("1st", { tool: "service.http.postt", next: "sned" }),
      { id: "ok", kind: "approval", title: "Send {{steps.ghost.output}}?" },
    ]);
    expect(result.graph).toBeNull();
    expect(result.findings.map((finding) => finding.kind)).toEqual([
      "invalid_document",
      "unknown_tool",
      "dangling_target",
      "unreachable_step",
      "unknown_template_step",
    ]);
    const [id, tool, target] = result.findings;
    expect(id!.path).toBe("steps[0].id");
    expect(id!.message).toBe(`Step 1 ("1st") id must start with a letter and use only letters, digits, '_' and '-'`);
    expect(tool!.message).toContain('Did you mean "service.http.post"?');
    expect(target!.message).toContain('next "sned" names no step');
    // Other structural problems still stop the checks: the rest cannot be read.
    expect(kinds([post("1st", { tool: 5 }), post("b", { next: "nowhere" })])).toEqual([
      "invalid_document",
      "invalid_document",
    ]);
  });

  it("bounds the document's size", () => {
    const huge = post("a", {
      args: { body: "x".repeat(9_000), more: Array.from({ length: 60 }, () => "y".repeat(9_000)) },
    });
    expect(kinds([huge])).toEqual(["invalid_document"]);
  });

  it("requires at least one step", () => {
    expect(kinds([])).toEqual(["no_steps"]);
  });

  it("requires an object input schema that is a usable JSON schema", () => {
    expect(kinds([post("a")], { inputSchema: { type: "string" } })).toEqual(["invalid_input_schema"]);
    expect(kinds([post("a")], { inputSchema: { type: "object", properties: { a: { type: "objekt" } } } })).toEqual([
      "invalid_input_schema",
    ]);
  });

  it("flags duplicate step ids", () => {
    const result = check([post("a"), post("a")]);
    expect(result.findings).toEqual([
      { kind: "duplicate_step_id", path: "steps[1].id", stepId: "a", message: expect.stringContaining('"a"') },
    ]);
  });

  it("flags tools the organization cannot use, with the closest one proposed", () => {
    const result = check([{ id: "a", kind: "tool", tool: "service.http.pots", args: {} }]);
    expect(result.findings).toEqual([
      {
        kind: "unknown_tool",
        path: "steps[0].tool",
        stepId: "a",
        message: expect.stringContaining('Did you mean "service.http.post"?'),
      },
    ]);
    expect(result.plannedBelt).toEqual([]);
  });

  it("flags next, then and else that name no step (end is allowed)", () => {
    const found = check([
      {
        id: "b",
        kind: "branch",
        condition: { left: "{{input.email}}", operator: "exists" },
        then: "sendd",
        else: "end",
      },
      post("send", { next: "nowhere" }),
    ]).findings;
    expect(found.map((finding) => [finding.kind, finding.path])).toEqual([
      ["dangling_target", "steps[0].then"],
      ["dangling_target", "steps[1].next"],
      // "send" is unreachable because the only way to it is misspelled
      ["unreachable_step", "steps[1]"],
    ]);
    expect(found[0]!.message).toContain('Did you mean "send"?');
  });

  it("flags steps no path from the first step reaches", () => {
    const result = check([post("a", { next: "end" }), post("b")]);
    expect(result.findings.map((finding) => [finding.kind, finding.stepId])).toEqual([["unreachable_step", "b"]]);
  });

  it("refuses cycles so that every run ends", () => {
    const found = check([
      post("a"),
      { id: "b", kind: "branch", condition: { left: "{{input.email}}", operator: "exists" }, then: "a", else: "end" },
    ]).findings;
    expect(found.map((finding) => finding.kind)).toEqual(["cycle"]);
    expect(found[0]!.message).toContain("a → b → a");
    expect(kinds([post("a", { next: "a" })])).toEqual(["cycle"]);
  });

  it("flags malformed templates", () => {
    const found = check([post("a", { args: { url: "https://example.com/{{message}}" } })]).findings;
    expect(found).toEqual([
      { kind: "invalid_template", path: "steps[0].args", stepId: "a", message: expect.stringContaining("{{message}}") },
    ]);
  });

  it("flags templates that read a step that does not exist", () => {
    expect(kinds([{ id: "t", kind: "transform", output: "{{steps.ghost.output}}" }])).toEqual([
      "unknown_template_step",
    ]);
  });

  it("flags templates that read a step that cannot have run before", () => {
    // later in the list
    expect(kinds([{ id: "t", kind: "transform", output: "{{steps.later.output}}" }, post("later")])).toEqual([
      "template_step_not_before",
    ]);
    // itself
    expect(kinds([{ id: "t", kind: "approval", title: "{{steps.t.output.x}}" }])).toEqual(["template_step_not_before"]);
    // the other arm of a branch
    const arms = kinds([
      {
        id: "b",
        kind: "branch",
        condition: { left: "{{input.email}}", operator: "contains", right: "@" },
        then: "yes",
        else: "no",
      },
      { id: "yes", kind: "transform", output: 1, next: "end" },
      { id: "no", kind: "agent", automationId: PUBLISHED, prompt: "{{steps.yes.output}}" },
    ]);
    expect(arms).toEqual(["template_step_not_before"]);
  });

  it("flags agent steps naming no agent of the domain, or an unpublished one", () => {
    const found = check([
      { id: "a", kind: "agent", automationId: "33333333-3333-4333-8333-333333333333", prompt: "hi" },
      { id: "b", kind: "agent", automationId: DRAFT, prompt: "hi" },
    ]).findings;
    expect(found.map((finding) => [finding.kind, finding.path])).toEqual([
      ["unknown_agent", "steps[0].automationId"],
      ["unpublished_agent", "steps[1].automationId"],
    ]);
  });
});

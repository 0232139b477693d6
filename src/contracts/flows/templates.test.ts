import { describe, expect, it } from "vitest";
import { parseRef, renderString, renderValue, templatesIn, templatesInValue } from "./templates";

const context = {
  input: { customer: { name: "Ada", tags: ["vip", "eu"] }, amount: 42, active: false },
  steps: { lookup: { output: { status: 200, body: { id: "c-1", score: 7.5 } } } },
};

describe("flow templates", () => {
  it("parses input and step references, with and without paths", () => {
    expect(parseRef("input")).toEqual({ source: "input", path: [] });
    expect(parseRef("input.customer.name")).toEqual({ source: "input", path: ["customer", "name"] });
    expect(parseRef("steps.lookup.output.body.id")).toEqual({ source: "step", stepId: "lookup", path: ["body", "id"] });
    expect(parseRef("steps.lookup.output")).toEqual({ source: "step", stepId: "lookup", path: [] });
  });

  it("rejects expressions that name neither the input nor a step output", () => {
    for (const expression of ["message", "steps.lookup", "steps.lookup.result", "input..name", "input.a b", ""]) {
      expect(parseRef(expression), expression).toBeNull();
    }
  });

  it("finds templates in strings and nested JSON values", () => {
    expect(templatesIn("Hi {{ input.customer.name }}, ref {{steps.lookup.output.body.id}}").map((t) => t.text)).toEqual(
      ["{{ input.customer.name }}", "{{steps.lookup.output.body.id}}"],
    );
    expect(templatesInValue({ a: ["{{input.amount}}", { b: "{{nope}}" }], c: 3 }).map((t) => t.ref)).toEqual([
      { source: "input", path: ["amount"] },
      null,
    ]);
  });

  it("keeps the JSON type of a value that is exactly one template", () => {
    expect(renderString("{{input.amount}}", context)).toBe(42);
    expect(renderString("{{input.active}}", context)).toBe(false);
    expect(renderString("{{ input.customer }}", context)).toEqual({ name: "Ada", tags: ["vip", "eu"] });
    expect(renderString("{{input}}", context)).toEqual(context.input);
    expect(renderString("{{input.customer.tags.1}}", context)).toBe("eu");
    expect(renderString("{{input.missing}}", context)).toBeNull();
  });

  it("stringifies values inside a longer string", () => {
    expect(renderString("Dear {{input.customer.name}} ({{input.amount}} EUR)", context)).toBe("Dear Ada (42 EUR)");
    expect(renderString("tags={{input.customer.tags}}", context)).toBe('tags=["vip","eu"]');
    expect(renderString("score {{steps.lookup.output.body.score}}, missing '{{input.nope}}'", context)).toBe(
      "score 7.5, missing ''",
    );
  });

  it("renders every string of a JSON value and leaves keys and other values alone", () => {
    const rendered = renderValue(
      { "{{input.amount}}": "{{input.amount}}", list: ["{{steps.lookup.output.status}}", 1, null], flag: true },
      context,
    );
    expect(rendered).toEqual({ "{{input.amount}}": 42, list: [200, 1, null], flag: true });
  });

  it("does not read inherited properties of the context", () => {
    expect(renderString("{{input.constructor}}", context)).toBeNull();
  });
});

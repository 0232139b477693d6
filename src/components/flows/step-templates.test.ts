import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { textWithStep } from "./step-templates";

const COMMENTED = `# Refund flow: owned by the billing team
name: refunds # shown in the console
steps:
  # first look at the amount
  - id: check
    kind: branch
    condition: { left: "{{input.amount}}", operator: ">", right: 100 }
    then: end
    else: end
`;

describe("textWithStep", () => {
  it("appends a step to a YAML document and keeps its comments and formatting", () => {
    const next = textWithStep(COMMENTED, "approval", "yaml")!;
    expect(next).toContain("# Refund flow: owned by the billing team");
    expect(next).toContain("name: refunds # shown in the console");
    expect(next).toContain("  # first look at the amount");
    // The author's flow mapping stays on one line instead of being re-flowed.
    expect(next).toContain('condition: { left: "{{input.amount}}", operator: ">", right: 100 }');
    expect(next.startsWith(COMMENTED.slice(0, COMMENTED.indexOf("    else: end")))).toBe(true);
    const steps = (parse(next) as { steps: { id: string; kind: string }[] }).steps;
    expect(steps.map((step) => [step.id, step.kind])).toEqual([
      ["check", "branch"],
      ["approval", "approval"],
    ]);
  });

  it("picks a free id when the kind's name is taken", () => {
    const once = textWithStep("steps:\n  - id: tool\n    kind: tool\n", "tool", "yaml")!;
    const steps = (parse(once) as { steps: { id: string }[] }).steps;
    expect(steps.map((step) => step.id)).toEqual(["tool", "tool_2"]);
  });

  it("creates the steps list in an empty document or one without steps", () => {
    expect((parse(textWithStep("", "transform", "yaml")!) as { steps: unknown[] }).steps).toHaveLength(1);
    const next = textWithStep("# just a name\nname: x\n", "transform", "yaml")!;
    expect(next).toContain("# just a name");
    expect((parse(next) as { name: string; steps: unknown[] }).name).toBe("x");
  });

  it("turns an empty inline list into a block list", () => {
    const next = textWithStep("# new flow\ninputSchema: {}\nsteps: []\n", "approval", "yaml")!;
    expect(next).toContain("# new flow\ninputSchema: {}\nsteps:\n  - id: approval\n    kind: approval\n");
  });

  it("re-prints JSON documents as JSON", () => {
    const next = textWithStep('{"name":"x","steps":[]}', "tool", "json")!;
    expect(JSON.parse(next)).toMatchObject({ name: "x", steps: [{ id: "tool", kind: "tool" }] });
    expect(next.endsWith("\n")).toBe(true);
  });

  it("refuses documents whose steps are not a list, or that are not an object", () => {
    expect(textWithStep("steps: 3\n", "tool", "yaml")).toBeNull();
    expect(textWithStep("- a\n- b\n", "tool", "yaml")).toBeNull();
    expect(textWithStep("steps: [\n", "tool", "yaml")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { isKnownPlaceholder, replacePlaceholders, scanPlaceholders, wholePlaceholder } from "./procedure-placeholders";

describe("scanPlaceholders", () => {
  it("spans each placeholder with its braces and tells the filled ones from the others", () => {
    expect(scanPlaceholders('{"q": "{{message}}", "id": "{{ input.order.id }}", "x": "{{steps.a}}"}')).toEqual([
      { name: "message", start: 7, end: 18, known: true },
      { name: "input.order.id", start: 28, end: 48, known: true },
      { name: "steps.a", start: 57, end: 68, known: false },
    ]);
  });

  it("ignores braces that hold no name", () => {
    expect(scanPlaceholders("{{}} {{ a b }} {message}")).toEqual([]);
  });
});

describe("isKnownPlaceholder", () => {
  it("knows message and input paths only", () => {
    expect(["message", "input.a", "input.a.b_2"].map(isKnownPlaceholder)).toEqual([true, true, true]);
    expect(["input", "input.", "messages", "steps.a.output"].map(isKnownPlaceholder)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("wholePlaceholder and replacePlaceholders", () => {
  it("finds a string that is one placeholder and fills the others in place", () => {
    expect(wholePlaceholder("{{ input.n }}")).toBe("input.n");
    expect(wholePlaceholder("id {{input.n}}")).toBeNull();
    expect(replacePlaceholders("a {{message}} b {{x}}", (name) => `<${name}>`)).toBe("a <message> b <x>");
  });
});

import { describe, expect, it } from "vitest";
import { referenceAtCaret, scanBareToolIds, scanToolCallLines, scanToolReferences } from "./tool-references";

const ids = (text: string) => scanToolReferences(text).map((reference) => reference.id);

describe("scanToolReferences", () => {
  it("spans the # and the id, at the start, middle and end of the text", () => {
    expect(scanToolReferences("#service.http.get")).toEqual([{ id: "service.http.get", start: 0, end: 17 }]);
    expect(scanToolReferences("call #a.b then\n#c:d")).toEqual([
      { id: "a.b", start: 5, end: 9 },
      { id: "c:d", start: 15, end: 19 },
    ]);
  });

  it("takes letters, digits, . _ - : into the id, minus trailing sentence punctuation", () => {
    expect(ids("#a:b.c-d_e9")).toEqual(["a:b.c-d_e9"]);
    expect(ids("Use #x.y. Then #x.y, or #x.y: or #x.y...")).toEqual(["x.y", "x.y", "x.y", "x.y"]);
    expect(ids("(#a) `#b` **#c**; #d! #e? #f/g")).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("ignores a # glued to a URL, entity, word or heading, and ids without a letter", () => {
    expect(ids("https://x.test/page#a.b x/#top &#39; C# ##h a=#b ~#c +#d @#e \\#f #42 #1.2 # alone")).toEqual([]);
  });
});

describe("scanBareToolIds", () => {
  it("finds known ids without # and leaves references and longer runs alone", () => {
    const known = (id: string) => id === "service.http.get";
    expect(scanBareToolIds("use service.http.get. Not #service.http.get, nor service.http.get_v2", known)).toEqual([
      { id: "service.http.get", start: 4, end: 20 },
    ]);
  });
});

describe("scanToolCallLines", () => {
  it("reads a reference followed by {...} that ends the line, one per line, in order", () => {
    const text = [
      '#a.b {"x": 1}',
      "- then #c.d: {}  ",
      "mention #e.f only",
      'x #g.h, {"y": "#i {}"}',
      '#j {"z": 1} and more',
      "ticket #42 {}",
    ].join("\n");
    expect(scanToolCallLines(text).map(({ id, argumentsText }) => [id, argumentsText])).toEqual([
      ["a.b", '{"x": 1}'],
      ["c.d", "{}"],
      ["g.h", '{"y": "#i {}"}'],
    ]);
  });

  it("keeps the reference's span and hands unparsed arguments on", () => {
    expect(scanToolCallLines("ok\r\n#a{broken}\r\n")).toEqual([
      { id: "a", start: 4, end: 6, argumentsText: "{broken}" },
    ]);
  });

  it("reads the same id on a call line as scanToolReferences", () => {
    for (const line of [
      '#service.knowledge.search {"q": "x"}',
      'Then #service.http.post, {"u": 1}',
      '- #crm.contacts:list {"a": 1}',
      'x #service.http.get: {"u": "v"}',
    ]) {
      expect(
        scanToolCallLines(line).map((call) => call.id),
        line,
      ).toEqual(ids(line));
    }
  });
});

describe("referenceAtCaret", () => {
  it("opens on a bare # and keeps the typed query as typed", () => {
    expect(referenceAtCaret("Use #", 5)).toEqual({ start: 4, end: 5, query: "" });
    expect(referenceAtCaret("#service.http.", 14)).toEqual({ start: 0, end: 14, query: "service.http." });
  });

  it("extends over the rest of the id after the caret, but not over sentence punctuation", () => {
    expect(referenceAtCaret("Use #serv.http.get. Then", 9)).toEqual({ start: 4, end: 18, query: "serv" });
    expect(referenceAtCaret("Use #serv: {}", 9)).toEqual({ start: 4, end: 9, query: "serv" });
  });

  it("does not open where the grammar sees no reference", () => {
    expect(referenceAtCaret("https://x.test/page#fr", 22)).toBeNull();
    expect(referenceAtCaret("## Head", 7)).toBeNull();
    expect(referenceAtCaret("#a b", 4)).toBeNull();
  });
});

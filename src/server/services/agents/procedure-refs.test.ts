import { describe, expect, it } from "vitest";
import { boundedDistance, closestMatch, scanBareToolIds, scanToolReferences } from "./procedure-refs";
import { spanOf, TOOLS } from "./setup-test-tools";

describe("scanToolReferences", () => {
  it("finds #references with exact spans that cover the # and the id", () => {
    const procedure = "First call #service.http.get with the URL.\nThen #acme.crm.create_contact";
    expect(scanToolReferences(procedure)).toEqual([
      { id: "service.http.get", ...spanOf(procedure, "#service.http.get") },
      { id: "acme.crm.create_contact", ...spanOf(procedure, "#acme.crm.create_contact") },
    ]);
  });

  it("treats a trailing . , or : as sentence punctuation", () => {
    for (const tail of [".", ",", ":", "...", ".,", ":."]) {
      const procedure = `Use #service.http.get${tail} then stop`;
      expect(scanToolReferences(procedure), tail).toEqual([{ id: "service.http.get", start: 4, end: 4 + 17 }]);
    }
    // Inside the id the same characters belong to it.
    expect(scanToolReferences("#a:b.c-d_e")[0]!.id).toBe("a:b.c-d_e");
  });

  it("stops at characters that are not part of wire ids", () => {
    const procedure = "(#service.http.get) `#service.http.post` **#service.knowledge.search**; #service.http.put!";
    expect(scanToolReferences(procedure).map((reference) => reference.id)).toEqual([
      "service.http.get",
      "service.http.post",
      "service.knowledge.search",
      "service.http.put",
    ]);
  });

  it("ignores URL fragments, entities, headings, words and numbers", () => {
    const procedure =
      "See https://x.test/page#service.http.get and https://x.test/#top, &#39; C#, ## Heading, #, ticket #42 and #1.2";
    expect(scanToolReferences(procedure)).toEqual([]);
  });

  it("reads a reference at the very start and end of the text", () => {
    expect(scanToolReferences("#service.http.get")).toEqual([{ id: "service.http.get", start: 0, end: 17 }]);
  });
});

describe("scanBareToolIds", () => {
  it("finds known ids written without # and leaves references and longer tokens alone", () => {
    const procedure = "use service.http.get. Not #service.http.get, not service.http.get_v2 nor xservice.http.get";
    expect(scanBareToolIds(procedure, (id) => TOOLS.has(id))).toEqual([{ id: "service.http.get", start: 4, end: 20 }]);
  });
});

describe("closestMatch", () => {
  it("proposes the nearest candidate for a likely typo, case-insensitively", () => {
    expect(closestMatch("service.http.gett", TOOLS.keys())).toBe("service.http.get");
    expect(closestMatch("Service.HTTP.Get", TOOLS.keys())).toBe("service.http.get");
    expect(closestMatch("acme.crm.list_contact", TOOLS.keys())).toBe("acme.crm.list_contacts");
    expect(closestMatch("service.knowledge.serch", TOOLS.keys())).toBe("service.knowledge.search");
  });

  it("breaks ties alphabetically and refuses far-off names", () => {
    // "service.http" is 4 edits from both get and put.
    expect(closestMatch("service.http", TOOLS.keys())).toBe("service.http.get");
    expect(closestMatch("slack.post_message", TOOLS.keys())).toBeNull();
    expect(closestMatch("x", TOOLS.keys())).toBeNull();
  });

  it("computes bounded edit distances", () => {
    expect(boundedDistance("kitten", "sitting", 10)).toBe(3);
    expect(boundedDistance("kitten", "sitting", 2)).toBe(3);
    expect(boundedDistance("a", "abcdef", 2)).toBe(3);
    expect(boundedDistance("same", "same", 0)).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { procedureCalls } from "@/server/models/builtin/procedure-calls";
import { scanToolReferences } from "@/server/services/agents/procedure-refs";

// builtin:procedure and the verifier both read the one grammar in contracts/agents/tool-references;
// they must read call lines the same way, or a published belt would miss a called tool.
describe("builtin:procedure and the verifier", () => {
  it("read the same tool from every call line", () => {
    const lines = [
      '#service.knowledge.search {"query": "x"}',
      'Then #service.http.post, {"url": "https://a.example"}',
      '- #crm.contacts:list {"a": 1}',
      'x #service.http.get: {"url": "u"}',
    ];
    for (const line of lines) {
      expect(
        procedureCalls(line).map((call) => call.tool),
        line,
      ).toEqual(scanToolReferences(line).map((reference) => reference.id));
    }
  });
});

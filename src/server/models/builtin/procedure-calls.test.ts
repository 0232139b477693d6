import { describe, expect, it } from "vitest";
import { procedureCalls, substitute } from "./procedure-calls";

describe("procedureCalls", () => {
  it("reads one call per line with a reference followed by a JSON object, in order", () => {
    const procedure = [
      "Read the record first.",
      '#service.http.get {"url": "https://a.example/read", "query": {"q": "{{message}}"}}',
      "Then maybe mention #service.http.post without arguments.",
      '- then #service.http.post: {"url": "https://a.example/write", "body": {"n": 1}}',
      'a URL like https://x.example/page#frag {"not": "a call"}',
      'issue #42 {"not": "a call"}',
      "#service.http.get {broken json",
    ].join("\n");
    expect(procedureCalls(procedure)).toEqual([
      { tool: "service.http.get", args: { url: "https://a.example/read", query: { q: "{{message}}" } } },
      { tool: "service.http.post", args: { url: "https://a.example/write", body: { n: 1 } } },
    ]);
  });
});

describe("substitute", () => {
  it("fills {{message}} into strings and {{input.path}} from a JSON message, keeping types for whole placeholders", () => {
    expect(substitute({ q: "say {{message}}!", raw: "{{message}}" }, "hi")).toEqual({ q: "say hi!", raw: "hi" });
    const message = JSON.stringify({ order: { id: 7, tags: ["a"] } });
    expect(
      substitute(
        {
          id: "{{input.order.id}}",
          text: "order {{input.order.id}}",
          tags: "{{input.order.tags}}",
          missing: "{{input.nope}}",
        },
        message,
      ),
    ).toEqual({
      id: 7,
      text: "order 7",
      tags: ["a"],
      missing: "",
    });
    expect(substitute(["{{input.x}}"], "not json")).toEqual([""]);
  });
});

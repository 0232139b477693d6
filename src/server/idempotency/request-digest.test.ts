import { describe, expect, it } from "vitest";
import { canonicalJson, requestDigest } from "./request-digest";

describe("requestDigest", () => {
  const base = {
    target: "t1",
    input: { a: 1, b: [1, { c: 2 }] },
    credentials: { integrations: { "service.http": { token: "secret-1" } } },
    secret: "s",
  };

  it("is equal for equal requests whatever the key order", () => {
    expect(requestDigest(base)).toBe(requestDigest({ ...base, input: { b: [1, { c: 2 }], a: 1 } }));
    expect(canonicalJson({ b: 1, a: { d: 1, c: 2 } })).toBe('{"a":{"c":2,"d":1},"b":1}');
  });

  it("changes with the target, the input or a refreshed credential, and never contains the material", () => {
    const digest = requestDigest(base);
    expect(requestDigest({ ...base, target: "t2" })).not.toBe(digest);
    expect(requestDigest({ ...base, input: {} })).not.toBe(digest);
    expect(
      requestDigest({ ...base, credentials: { integrations: { "service.http": { token: "secret-2" } } } }),
    ).not.toBe(digest);
    expect(requestDigest({ ...base, secret: "other" })).not.toBe(digest);
    expect(digest).not.toContain("secret-1");
  });
});

import { describe, expect, it } from "vitest";
import { ZCallerCredentials } from "./caller-credentials";

const ok = (value: unknown) => ZCallerCredentials.safeParse(value).success;
const issues = (value: unknown) => {
  const result = ZCallerCredentials.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};
const one = (entry: unknown) => ({ integrations: { "service.http": entry } });
const fieldsOf = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${index}`, "v"]));

describe("callerCredentials (section 2)", () => {
  it("requires integrations when present and rejects unknown keys at both levels instead of stripping them", () => {
    expect(ok({})).toBe(false);
    expect(ok({ integrations: {} })).toBe(true);
    expect(ok({ integrations: {}, extra: 1 })).toBe(false);
    expect(ok(one({ token: "t", scope: "x" }))).toBe(false);
    expect(issues(one({ token: "t", scope: "x" })).join()).toMatch(/scope/);
  });

  it("accepts integration ids of 1 to 64 characters", () => {
    expect(ok({ integrations: { ["a".repeat(64)]: {} } })).toBe(true);
    expect(ok({ integrations: { ["a".repeat(65)]: {} } })).toBe(false);
    expect(ok({ integrations: { "": {} } })).toBe(false);
  });

  it("bounds the token to 1-8,192 characters without a newline; its format is not interpreted", () => {
    expect(ok(one({ token: "x".repeat(8192) }))).toBe(true);
    expect(ok(one({ token: "yku_any format at all !@#" }))).toBe(true);
    expect(ok(one({ token: "x".repeat(8193) }))).toBe(false);
    expect(ok(one({ token: "" }))).toBe(false);
    expect(ok(one({ token: "a\nb" }))).toBe(false);
    expect(ok(one({ token: "a\rb" }))).toBe(false);
    expect(ok(one({ token: 42 }))).toBe(false);
  });

  it("takes 1 to 16 fields whose names are 1-64 of [A-Za-z0-9_]; `fields: {}` is invalid", () => {
    expect(ok(one({ fields: { api_key: "k" } }))).toBe(true);
    expect(ok(one({ fields: fieldsOf(16) }))).toBe(true);
    expect(ok(one({ fields: fieldsOf(17) }))).toBe(false);
    expect(ok(one({ fields: {} }))).toBe(false);
    expect(ok(one({ fields: { ["k".repeat(64)]: "v" } }))).toBe(true);
    expect(ok(one({ fields: { ["k".repeat(65)]: "v" } }))).toBe(false);
    for (const bad of ["api-key", "api key", "clé", ""]) expect(ok(one({ fields: { [bad]: "v" } }))).toBe(false);
  });

  it("bounds field values like the token", () => {
    expect(ok(one({ fields: { a: "x".repeat(8192) } }))).toBe(true);
    expect(ok(one({ fields: { a: "x".repeat(8193) } }))).toBe(false);
    expect(ok(one({ fields: { a: "" } }))).toBe(false);
    expect(ok(one({ fields: { a: "x\ny" } }))).toBe(false);
  });

  it("accepts an empty entry, fallbackAllowed alone, and token with fields together; fallbackAllowed is a boolean", () => {
    expect(ok(one({}))).toBe(true);
    expect(ok(one({ fallbackAllowed: false }))).toBe(true);
    expect(ok(one({ token: "t", fields: { api_key: "k" }, fallbackAllowed: true }))).toBe(true);
    expect(ok(one({ fallbackAllowed: "false" }))).toBe(false);
    expect(ok(one({ fallbackAllowed: null }))).toBe(false);
  });

  it("rejects an entry that is not an object", () => {
    expect(ok(one("token"))).toBe(false);
    expect(ok(one(null))).toBe(false);
    expect(ok({ integrations: [] })).toBe(false);
  });
});

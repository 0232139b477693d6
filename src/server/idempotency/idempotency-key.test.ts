import { describe, expect, it } from "vitest";
import { idempotencyKeyOf } from "./idempotency-key";

const headers = (value?: string) => new Headers(value === undefined ? {} : { "idempotency-key": value });

describe("idempotencyKeyOf", () => {
  it("prefers the header over the body (rule 1) and accepts the allowed alphabet", () => {
    expect(idempotencyKeyOf(headers("hdr.Key_1:a-b"), "body")).toBe("hdr.Key_1:a-b");
    expect(idempotencyKeyOf(headers(), "body-key")).toBe("body-key");
    expect(idempotencyKeyOf(headers(), undefined)).toBeNull();
    expect(idempotencyKeyOf(headers("x".repeat(128)), undefined)).toHaveLength(128);
  });

  it("refuses repeated headers, comma-separated values, bad characters and bad lengths (rule 2)", () => {
    const repeated = new Headers();
    repeated.append("idempotency-key", "a");
    repeated.append("idempotency-key", "b");
    for (const bad of [
      () => idempotencyKeyOf(repeated, undefined),
      () => idempotencyKeyOf(headers("a,b"), undefined),
      () => idempotencyKeyOf(headers(""), undefined),
      () => idempotencyKeyOf(headers("x".repeat(129)), undefined),
      () => idempotencyKeyOf(headers("sp ace"), undefined),
      () => idempotencyKeyOf(headers(), "é"),
      () => idempotencyKeyOf(headers(), 42),
    ]) {
      expect(bad).toThrow(expect.objectContaining({ code: "VALIDATION" }));
    }
  });
});

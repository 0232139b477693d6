import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { env } from "@/server/env";
import { nextAttemptDelayMs, parseRetryAfter, retrySchedule } from "./schedule";
import { signWebhook } from "./sign";

const DEFAULT = env.WEBHOOK_RETRY_SCHEDULE;
afterEach(() => {
  env.WEBHOOK_RETRY_SCHEDULE = DEFAULT;
});

describe("retry schedule", () => {
  it("defaults to Svix's: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    expect(retrySchedule()).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
  });

  it("waits the next entry, jittered by at most 20%, and ends after the last", () => {
    expect(nextAttemptDelayMs(1, null, () => 0.5)).toBe(5000);
    expect(nextAttemptDelayMs(2, null, () => 0)).toBe(240_000);
    expect(nextAttemptDelayMs(2, null, () => 1)).toBe(360_000);
    expect(nextAttemptDelayMs(8, null)).toBeNull();
    env.WEBHOOK_RETRY_SCHEDULE = "0, 0.5";
    expect(nextAttemptDelayMs(1, null, () => 0.5)).toBe(500);
    expect(nextAttemptDelayMs(2, null)).toBeNull();
  });

  it("lets Retry-After lengthen a wait, never shorten it (capped at a day)", () => {
    expect(nextAttemptDelayMs(1, 60, () => 0.5)).toBe(60_000);
    expect(nextAttemptDelayMs(2, 1, () => 0.5)).toBe(300_000);
    expect(nextAttemptDelayMs(1, 10 ** 9, () => 0.5)).toBe(86_400_000);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe("signWebhook", () => {
  it("signs '<unix seconds>.<raw body>' with HMAC-SHA256 under the secret", () => {
    const body = '{"id":"e1","type":"usage.recorded"}';
    const headers = signWebhook("s3cret-s3cret-s3cret", body, new Date("2026-01-01T00:00:05.900Z"));
    expect(headers["X-Service-Timestamp"]).toBe("1767225605");
    expect(headers["X-Service-Signature"]).toBe(
      `sha256=${createHmac("sha256", "s3cret-s3cret-s3cret").update(`1767225605.${body}`).digest("hex")}`,
    );
  });
});

import { createHmac } from "node:crypto";

/** The two headers a receiver verifies (spec 6.2). */
export type TWebhookSignatureHeaders = { "X-Service-Timestamp": string; "X-Service-Signature": string };

/** `sha256=` + the hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the webhook secret. */
export function webhookSignature(secret: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex")}`;
}

/**
 * Signs the stored body bytes with a fresh timestamp (Unix seconds): every attempt carries the
 * same body and its own timestamp, so a receiver can refuse stale replays by the timestamp alone.
 */
export function signWebhook(secret: string, rawBody: string, now: Date = new Date()): TWebhookSignatureHeaders {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "X-Service-Timestamp": String(timestamp),
    "X-Service-Signature": webhookSignature(secret, timestamp, rawBody),
  };
}

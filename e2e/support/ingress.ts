import { createHmac } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";

/**
 * Delivers an event to an ingress URL the way a source system would: the documented scheme,
 * computed here independently of the service's code (sha256= hex HMAC of "<timestamp>.<raw body>").
 */
export function signedHeaders(
  secret: string,
  rawBody: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return { "X-Service-Timestamp": String(timestamp), "X-Service-Signature": `sha256=${signature}` };
}

/** The ingress URL's path, so the call goes to the service under test whatever base URL the world printed. */
export const ingressPath = (ingressUrl: string) => new URL(ingressUrl).pathname;

export function deliverEvent(
  request: APIRequestContext,
  ingressUrl: string,
  event: unknown,
  options: { secret?: string; timestamp?: number; headers?: Record<string, string> } = {},
) {
  const raw = JSON.stringify(event);
  const signature = options.secret ? signedHeaders(options.secret, raw, options.timestamp) : {};
  return request.post(ingressPath(ingressUrl), {
    headers: { "Content-Type": "application/json", ...signature, ...options.headers },
    data: raw,
  });
}

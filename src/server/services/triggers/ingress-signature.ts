import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/server/errors";

/** A signed call is accepted this long either side of the server clock; older ones are replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

const refuse = (message: string) =>
  new AppError("UNAUTHORIZED", message, { headers: { "WWW-Authenticate": 'HMAC-SHA256 realm="trigger-ingress"' } });

/** `sha256=` + hex HMAC-SHA256 of `<timestamp>.<raw body>` (the scheme of spec 6.2's webhooks). */
export function ingressSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

/**
 * Checks `X-Service-Timestamp` (Unix seconds, within the tolerance) and `X-Service-Signature`
 * against the endpoint secret, in constant time. Returns the signature's hex, which identifies
 * this exact delivery (used to answer a replay within the window with the first outcome).
 * Every refusal is 401 with a message that says what to fix, never the expected signature.
 */
export function verifyIngressSignature(headers: Headers, rawBody: string, secret: string, now: Date): string {
  const timestamp = headers.get("x-service-timestamp");
  const signature = headers.get("x-service-signature");
  if (timestamp === null || signature === null) {
    throw refuse(
      'This trigger has an endpoint secret, so calls must be signed: send X-Service-Timestamp (Unix seconds) and X-Service-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the endpoint secret>.',
    );
  }
  if (!/^\d{1,12}$/.test(timestamp))
    throw refuse("X-Service-Timestamp must be the Unix time in whole seconds, e.g. 1767225600.");
  const skew = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (skew > SIGNATURE_TOLERANCE_SECONDS) {
    throw refuse(
      `X-Service-Timestamp is ${Math.round(skew)} seconds away from the server clock; signed calls are accepted within ${SIGNATURE_TOLERANCE_SECONDS} seconds. Sign each delivery when you send it.`,
    );
  }
  const given = SIGNATURE.exec(signature.trim());
  if (!given) throw refuse("X-Service-Signature must be sha256= followed by 64 hex characters.");
  const expected = ingressSignature(secret, timestamp, rawBody).slice("sha256=".length);
  if (!timingSafeEqual(Buffer.from(given[1]!.toLowerCase(), "hex"), Buffer.from(expected, "hex"))) {
    throw refuse(
      'X-Service-Signature does not match: sign "<X-Service-Timestamp>.<the exact raw body>" with HMAC-SHA256 keyed with this trigger\'s endpoint secret.',
    );
  }
  return expected;
}

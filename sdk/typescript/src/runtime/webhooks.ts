import type { components } from "../generated/partner-v1.schema.js";
import type { components as customerComponents } from "../generated/v1.schema.js";

/**
 * The event a signed webhook delivery carries (the same object `GET /organizations/{orgId}/events`
 * lists): a union on `type`, so checking `event.type` narrows `event.data` to that type's fields.
 */
export type WebhookEvent = components["schemas"]["AssistantEvent"];

/** What a customer's webhook endpoint receives (`POST /api/v1/webhook-endpoints`): a turn or a flow run settled. */
export type CompletionEvent = customerComponents["schemas"]["CompletionEvent"];
/** A correctly signed completion event of a type this SDK version does not know yet. */
export type UnknownCompletionEvent = Omit<CompletionEvent, "type" | "data"> & { type: string; data: unknown };

/**
 * A correctly signed event of a type this SDK version does not know yet (a newer service added
 * it): `verify` returns it rather than throwing, so a receiver answers 2xx instead of making the
 * service retry it forever. Check `isKnownEvent` before relying on a known type's `data`.
 */
export type UnknownWebhookEvent = {
  id: string;
  type: string;
  occurred_at: string;
  worker_ref: string | null;
  data: Record<string, unknown>;
};

const KNOWN_TYPES: ReadonlySet<string> = new Set<WebhookEvent["type"]>([
  "message.created",
  "approval.requested",
  "action.recorded",
  "usage.recorded",
  "connection.failed",
]);

/** Whether `event` is of a type this SDK knows (its `type` then narrows to the known ones). */
export function isKnownEvent(event: WebhookEvent | UnknownWebhookEvent): event is WebhookEvent {
  return KNOWN_TYPES.has(event.type);
}

export type VerifyOptions = {
  /** How far the signature's timestamp may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The current time (for tests); default now. */
  now?: Date;
};

/** Why a delivery was refused: answer it with 400 (or 401) and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  readonly reason:
    "missing_headers" | "malformed_signature" | "timestamp_out_of_tolerance" | "signature_mismatch" | "invalid_json";

  constructor(reason: WebhookVerificationError["reason"], message: string) {
    super(message);
    this.reason = reason;
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

const encoder = new TextEncoder();

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    usage,
  ]);
}

function toBytes(rawBody: string | Uint8Array): Uint8Array {
  return typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody;
}

/** `<timestamp>.` followed by the raw body bytes: what the service signs (spec 6.2). */
function signedPayload(timestamp: string, rawBody: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${timestamp}.`);
  const body = toBytes(rawBody);
  const payload = new Uint8Array(new ArrayBuffer(prefix.length + body.length));
  payload.set(prefix, 0);
  payload.set(body, prefix.length);
  return payload;
}

/**
 * Checks a webhook delivery (spec 6.2) and returns its typed event. `rawBody` must be the
 * exact bytes received (read the body as text or bytes before any JSON parsing: re-serialized
 * JSON does not match). The signature `X-Service-Signature: sha256=<hex>` is the HMAC-SHA256 of
 * `<X-Service-Timestamp>.<raw body>` with your webhook secret; it is compared in constant time
 * (WebCrypto's HMAC verify), and a timestamp further than `toleranceSeconds` from now is refused
 * so a captured delivery cannot be replayed later. Deliveries are at least once: deduplicate by
 * the event's `id`.
 */
export async function verify(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent | UnknownWebhookEvent> {
  return (await verifiedEvent(rawBody, headers, secret, options)) as WebhookEvent | UnknownWebhookEvent;
}

const COMPLETION_TYPES: ReadonlySet<string> = new Set<CompletionEvent["type"]>([
  "turn.completed",
  "turn.failed",
  "turn.suspended",
  "run.completed",
  "run.failed",
]);

/**
 * `verify` for a webhook endpoint's deliveries (`POST /api/v1/webhook-endpoints`; the secret is
 * its `whsec_...`): the same signature, timestamp and JSON checks, then the completion event.
 * Check `isKnownCompletionEvent` before relying on a known type's `data`.
 */
export async function verifyCompletionEvent(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  secret: string,
  options: VerifyOptions = {},
): Promise<CompletionEvent | UnknownCompletionEvent> {
  return (await verifiedEvent(rawBody, headers, secret, options)) as CompletionEvent | UnknownCompletionEvent;
}

/** Whether a completion event is of a type this SDK knows (its `type` and `data` then narrow). */
export function isKnownCompletionEvent(event: CompletionEvent | UnknownCompletionEvent): event is CompletionEvent {
  return COMPLETION_TYPES.has(event.type);
}

/** A delivery's event once its signature, timestamp and JSON check out (both kinds of webhook). */
async function verifiedEvent(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  secret: string,
  options: VerifyOptions,
): Promise<{ id: string; type: string }> {
  const timestamp = header(headers, "x-service-timestamp");
  const signature = header(headers, "x-service-signature");
  if (!timestamp || !signature)
    throw new WebhookVerificationError(
      "missing_headers",
      "The X-Service-Timestamp and X-Service-Signature headers are required.",
    );
  const hex = /^sha256=([0-9a-fA-F]{64})$/.exec(signature.trim())?.[1];
  if (!hex || !/^\d{1,12}$/.test(timestamp))
    throw new WebhookVerificationError(
      "malformed_signature",
      "The signature must be `sha256=<64 hex digits>` and the timestamp Unix seconds.",
    );
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError(
      "timestamp_out_of_tolerance",
      `The delivery's timestamp is more than ${tolerance} seconds from now: refused as a possible replay (check your clock).`,
    );
  }
  const expected = new Uint8Array(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
  const valid = await globalThis.crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret, "verify"),
    expected,
    signedPayload(timestamp, rawBody),
  );
  if (!valid)
    throw new WebhookVerificationError("signature_mismatch", "The signature does not match this body and secret.");
  let event: unknown;
  try {
    event = JSON.parse(typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody));
  } catch {
    throw new WebhookVerificationError("invalid_json", "The signed body is not JSON.");
  }
  const { id, type } = (event ?? {}) as { id?: unknown; type?: unknown };
  if (typeof id !== "string" || typeof type !== "string")
    throw new WebhookVerificationError("invalid_json", "The signed body is not an event (no id or type).");
  // A type this SDK does not know yet is still a genuine event: returned, never thrown.
  return event as { id: string; type: string };
}

/** The headers the service would send with `rawBody` (for tests of your receiver). */
export async function sign(
  rawBody: string | Uint8Array,
  secret: string,
  options: { timestamp?: number } = {},
): Promise<{ "X-Service-Timestamp": string; "X-Service-Signature": string }> {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const mac = new Uint8Array(
    await globalThis.crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), signedPayload(timestamp, rawBody)),
  );
  const hex = Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return { "X-Service-Timestamp": timestamp, "X-Service-Signature": `sha256=${hex}` };
}

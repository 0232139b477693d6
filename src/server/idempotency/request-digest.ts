import { createHash, createHmac } from "node:crypto";

/** JSON with object keys sorted at every depth, so equal requests digest equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Rule 4: request equality covers the target, the input and the caller credentials (the key
 * excluded). Credential material enters only as an HMAC under a service secret, so the stored
 * digest cannot be used to confirm a guessed token; a refreshed credential changes the digest.
 */
export function requestDigest(options: {
  target: unknown;
  input: unknown;
  credentials: unknown;
  secret: string;
}): string {
  const credentialDigest =
    options.credentials === undefined
      ? null
      : createHmac("sha256", options.secret).update(canonicalJson(options.credentials)).digest("hex");
  return createHash("sha256")
    .update(canonicalJson({ target: options.target, input: options.input ?? null, credentials: credentialDigest }))
    .digest("hex");
}

import type { TToolCredential } from "./http/http-binding";

// Why this module: many upstreams echo the request (headers, URL, query) back in their answer,
// so the credential a tool call sent would reach the model, the tool call row and the session
// events. Every credential value a call used is replaced by one marker before the result
// leaves the integration layer, whatever form the upstream echoed it in (docs/security.md,
// "Credentials echoed by an upstream").

/** What replaces a credential value in a tool result or a tool error. */
export const CREDENTIAL_MARKER = "[redacted:credential]";

/** Values shorter than this are left alone: redacting "ab" or "1" would shred normal text. */
export const MIN_REDACTED_LENGTH = 4;

/**
 * Header and query names whose values are credentials: a word of the name (split at - _ . and
 * camelCase) is one of these. Words, not substrings, so `keyword` or `monkey` stay readable.
 */
const SECRET_WORDS = new Set([
  "auth",
  "authorization",
  "apikey",
  "key",
  "token",
  "secret",
  "password",
  "passwd",
  "pwd",
  "pass",
  "signature",
  "sig",
  "credential",
  "credentials",
  "cookie",
  "session",
  "sessionid",
  "jwt",
  "bearer",
]);

export function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word));
}

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const fromBase64 = (text: string) => Buffer.from(text, "base64").toString("utf8");

/**
 * The forms one credential value can come back in: as sent, URL-encoded (an echoed URL or
 * query), JSON-escaped (a body kept as text), base64 (with and without padding, standard and
 * URL-safe). A Basic value `Basic <b64>` adds its decoded `user:pass` and the password alone;
 * `user:pass` material adds its base64. The scheme word of `Bearer x` is not kept alone.
 */
function formsOf(value: string): string[] {
  const forms = new Set<string>();
  const add = (text: string) => {
    if (text.length < MIN_REDACTED_LENGTH) return;
    forms.add(text);
    forms.add(encodeURIComponent(text));
    forms.add(new URLSearchParams({ v: text }).toString().slice(2));
    forms.add(JSON.stringify(text).slice(1, -1));
  };
  const addBase64 = (text: string) => {
    if (text.length < MIN_REDACTED_LENGTH) return;
    const encoded = base64(text);
    for (const form of [encoded, encoded.replace(/=+$/, ""), encoded.replace(/\+/g, "-").replace(/\//g, "_")])
      add(form);
  };
  add(value);
  const scheme = /^([A-Za-z][\w-]*)\s+(\S.*)$/.exec(value);
  const material = scheme ? scheme[2]! : value;
  add(material);
  if (scheme && scheme[1]!.toLowerCase() === "basic" && /^[A-Za-z0-9+/_-]+=*$/.test(material)) {
    const decoded = fromBase64(material);
    add(decoded);
    add(decoded.slice(decoded.indexOf(":") + 1));
    add(material.replace(/=+$/, ""));
  }
  if (material.includes(":")) {
    addBase64(material);
    add(material.slice(material.indexOf(":") + 1));
  }
  addBase64(material);
  return [...forms];
}

/** Every form of every value, longest first (a longer form is replaced before its parts). */
export function credentialForms(values: Iterable<string | undefined | null>): string[] {
  const forms = new Set<string>();
  for (const value of values) if (typeof value === "string") for (const form of formsOf(value)) forms.add(form);
  return [...forms].sort((a, b) => b.length - a.length);
}

/** The credential material handed to a call: its token and every field, declared or not. */
export function credentialValues(credential: TToolCredential): string[] {
  if (!credential) return [];
  return [credential.token, ...Object.values(credential.fields ?? {})].filter(
    (value): value is string => typeof value === "string",
  );
}

/** Values of secret-named entries of a header or query map (a tool's own arguments). */
export function secretEntries(entries: Iterable<[string, unknown]>): string[] {
  const out: string[] = [];
  for (const [name, value] of entries) {
    if (isSecretName(name) && (typeof value === "string" || typeof value === "number")) out.push(String(value));
  }
  return out;
}

/** The secret query parameters of a URL string (a URL the model or a binding wrote). */
export function urlSecrets(url: unknown): string[] {
  if (typeof url !== "string") return [];
  try {
    return secretEntries(new URL(url).searchParams.entries());
  } catch {
    return [];
  }
}

function scrubText(text: string, forms: readonly string[]): string {
  let out = text;
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(CREDENTIAL_MARKER);
  return out;
}

/**
 * A copy of `value` with every form replaced by the marker: strings at any depth, inside longer
 * strings, object keys included; a number whose digits hold a credential becomes the marker.
 */
export function redactForms<T>(value: T, forms: readonly string[]): T {
  if (!forms.length) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === "string") return scrubText(item, forms);
    if (typeof item === "number" || typeof item === "bigint") {
      const text = String(item);
      return scrubText(text, forms) === text ? item : CREDENTIAL_MARKER;
    }
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === "object" && !(item instanceof Date)) {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [scrubText(key, forms), walk(inner)]));
    }
    return item;
  };
  return walk(value) as T;
}

/** Redacts the given credential values (all their forms) from a result. */
export function redactCredentials<T>(value: T, values: Iterable<string | undefined | null>): T {
  return redactForms(value, credentialForms(values));
}

/**
 * Scrubs a thrown error in place (its class, code and cause chain stay, so callers still map it):
 * the message, the stack and an AppError's details. Returns the error for `throw`.
 */
export function redactError(error: unknown, forms: readonly string[]): unknown {
  if (!forms.length || !(error instanceof Error)) return error;
  error.message = scrubText(error.message, forms);
  if (error.stack) error.stack = scrubText(error.stack, forms);
  const withDetails = error as Error & { details?: unknown };
  if (withDetails.details !== undefined) {
    Object.defineProperty(withDetails, "details", { value: redactForms(withDetails.details, forms), writable: true });
  }
  return error;
}

/**
 * A body cut at the size cap may end inside a credential: a tail that begins one of the forms
 * (at least MIN_REDACTED_LENGTH long) is replaced by the marker too.
 */
export function redactTail(text: string, forms: readonly string[]): string {
  for (const form of forms) {
    for (let length = Math.min(form.length - 1, text.length); length >= MIN_REDACTED_LENGTH; length--) {
      if (text.endsWith(form.slice(0, length))) return `${text.slice(0, -length)}${CREDENTIAL_MARKER}`;
    }
  }
  return text;
}

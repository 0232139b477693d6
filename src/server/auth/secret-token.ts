import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** The credential kinds that travel as bearer secrets, by their public prefix (spec section 5). */
export const TOKEN_PREFIXES = {
  api_key: "yk_",
  user_token: "yku_",
  partner_key: "ykp_",
  lease_token: "ykt_",
} as const;

export type TTokenKind = keyof typeof TOKEN_PREFIXES;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const LOOKUP_LENGTH = 12; // public part, indexed: identifies the row without revealing the secret
const SECRET_LENGTH = 40; // ~238 bits of entropy, so a plain SHA-256 is a sufficient hash

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export type TMintedSecret = { token: string; prefix: string; secretHash: string };

/** A new secret: shown to its owner once, stored only as prefix + hash. */
export function mintSecret(kind: TTokenKind): TMintedSecret {
  const token = `${TOKEN_PREFIXES[kind]}${randomBase62(LOOKUP_LENGTH)}${randomBase62(SECRET_LENGTH)}`;
  return { token, prefix: lookupPrefix(kind, token), secretHash: hashSecret(token) };
}

export function hashSecret(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function lookupPrefix(kind: TTokenKind, token: string): string {
  return token.slice(0, TOKEN_PREFIXES[kind].length + LOOKUP_LENGTH);
}

const TOKEN_SHAPE = /^(yk_|yku_|ykp_|ykt_)[0-9A-Za-z]{52}$/;

/** Recognises a presented secret's kind and lookup prefix, or null for anything malformed. */
export function parseSecret(token: string): { kind: TTokenKind; prefix: string } | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const kind = (Object.keys(TOKEN_PREFIXES) as TTokenKind[]).find(
    (candidate) => TOKEN_PREFIXES[candidate] === match[1],
  );
  return kind ? { kind, prefix: lookupPrefix(kind, token) } : null;
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(token: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** Reads `Authorization: Bearer <token>`; anything else is no bearer. */
export function bearerFrom(headers: Headers): string | null {
  const value = headers.get("authorization");
  if (!value) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match ? match[1]! : null;
}

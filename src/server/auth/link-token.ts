import { randomBytes } from "node:crypto";
import { hashSecret } from "./secret-token";

const LOOKUP_LENGTH = 12;
// base64url of 32 random bytes: 43 characters, 256 bits, safe in a URL path.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type TMintedLinkToken = { token: string; prefix: string; secretHash: string };

/**
 * The secret of a single-use link (activation, invitation, password reset): the link carries it,
 * the database keeps its indexed prefix and SHA-256 only (compare with secretMatches).
 */
export function mintLinkToken(): TMintedLinkToken {
  const token = randomBytes(32).toString("base64url");
  return { token, prefix: token.slice(0, LOOKUP_LENGTH), secretHash: hashSecret(token) };
}

/** The lookup prefix of a presented link token, or null for anything that cannot be one. */
export function linkTokenPrefix(token: string): string | null {
  return TOKEN_SHAPE.test(token) ? token.slice(0, LOOKUP_LENGTH) : null;
}

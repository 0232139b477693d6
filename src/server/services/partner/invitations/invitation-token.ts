import { randomBytes } from "node:crypto";
import { hashSecret } from "@/server/auth/secret-token";
import { publicBaseUrl } from "@/server/env";

/** Activation links work for 7 days after provisioning, once. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const LOOKUP_LENGTH = 12;
// base64url of 32 random bytes: 43 characters, 256 bits, safe in a URL path.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type TMintedInvitation = { token: string; prefix: string; secretHash: string };

/** A new activation secret: the link carries it, the database keeps its prefix and hash only. */
export function mintInvitationToken(): TMintedInvitation {
  const token = randomBytes(32).toString("base64url");
  return { token, prefix: token.slice(0, LOOKUP_LENGTH), secretHash: hashSecret(token) };
}

/** The lookup prefix of a presented token, or null for anything that cannot be one. */
export function invitationPrefix(token: string): string | null {
  return TOKEN_SHAPE.test(token) ? token.slice(0, LOOKUP_LENGTH) : null;
}

export function invitationUrl(token: string): string {
  return `${publicBaseUrl()}/activate/${token}`;
}

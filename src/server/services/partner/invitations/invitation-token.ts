import { linkTokenPrefix, mintLinkToken, type TMintedLinkToken } from "@/server/auth/link-token";
import { publicBaseUrl } from "@/server/env";

/** Activation links work for 7 days after provisioning, once. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type TMintedInvitation = TMintedLinkToken;

/** A new activation secret: the link carries it, the database keeps its prefix and hash only. */
export const mintInvitationToken = mintLinkToken;

/** The lookup prefix of a presented token, or null for anything that cannot be one. */
export const invitationPrefix = linkTokenPrefix;

export function invitationUrl(token: string): string {
  return `${publicBaseUrl()}/activate/${token}`;
}

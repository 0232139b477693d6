import { publicBaseUrl } from "@/server/env";

/** An invitation works once, for 7 days. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The page that accepts an invitation (src/app/(console)/invite/[token]). */
export function invitationUrl(token: string): string {
  return `${publicBaseUrl()}/invite/${token}`;
}

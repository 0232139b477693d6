import type { TReadInvitationResponse } from "@/contracts/members/read-invitation";
import { db } from "@/server/db/client";
import { findMemberInvitation, invitationState } from "./find-invitation";

const NOTHING = {
  organizationName: null,
  email: null,
  orgRole: null,
  invitedByName: null,
  accountExists: false,
  expiresAt: null,
} as const;

/**
 * What the invitation page shows. An unknown link names nothing; a closed one names only its
 * organization (so the page can say whom to ask); an open one says what it grants and whether its
 * address already has an account (the holder of the link is that address's owner).
 */
export async function readInvitation(token: string, now = new Date()): Promise<TReadInvitationResponse> {
  const invitation = await findMemberInvitation(token);
  if (!invitation) return { state: "unknown", ...NOTHING };
  const state = invitationState(invitation, now);
  if (state !== "valid") return { state, ...NOTHING, organizationName: invitation.organization.name };
  const account = await db().user.findUnique({ where: { email: invitation.email }, select: { id: true } });
  return {
    state,
    organizationName: invitation.organization.name,
    email: invitation.email,
    orgRole: invitation.orgRole,
    invitedByName: invitation.invitedBy?.name ?? null,
    accountExists: account !== null,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

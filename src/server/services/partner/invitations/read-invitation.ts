import type { TReadInvitationResponse } from "@/contracts/partner/activate-invitation";
import { findInvitation, invitationState } from "./find-invitation";

/** What the activation page shows. An unknown link names nothing; a known one names its organization. */
export async function readInvitation(token: string, now = new Date()): Promise<TReadInvitationResponse> {
  const invitation = await findInvitation(token);
  if (!invitation) return { state: "unknown", organizationName: null, ownerName: null, partnerName: null };
  const follower = invitation.organization.follower;
  return {
    state: invitationState(invitation, now),
    organizationName: invitation.organization.name,
    ownerName: follower?.ownerName ?? null,
    partnerName: follower?.platform.name ?? null,
  };
}

import { secretMatches } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { invitationPrefix } from "./invitation-token";

/** The invitation a presented link names (prefix lookup, constant-time hash check), or null. */
export async function findInvitation(token: string) {
  const prefix = invitationPrefix(token);
  if (!prefix) return null;
  const invitation = await db().ownerInvitation.findUnique({
    where: { prefix },
    select: {
      id: true,
      secretHash: true,
      userId: true,
      expiresAt: true,
      usedAt: true,
      organization: {
        select: {
          id: true,
          name: true,
          follower: { select: { directLoginDisabled: true, ownerName: true, platform: { select: { name: true } } } },
        },
      },
    },
  });
  if (!invitation || !secretMatches(token, invitation.secretHash)) return null;
  return invitation;
}

export type TFoundInvitation = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

export type TInvitationState = "valid" | "used" | "expired" | "partner_only";

/** Used and expired win over everything; a partner-only customer has no password to set. */
export function invitationState(invitation: TFoundInvitation, now: Date): TInvitationState {
  if (invitation.usedAt) return "used";
  if (invitation.expiresAt <= now) return "expired";
  if (invitation.organization.follower?.directLoginDisabled) return "partner_only";
  return "valid";
}

import type { TInvitationState } from "@/contracts/members/read-invitation";
import { linkTokenPrefix } from "@/server/auth/link-token";
import { secretMatches } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";

/** The invitation a presented link names (indexed prefix, constant-time hash check), or null. */
export async function findMemberInvitation(token: string) {
  const prefix = linkTokenPrefix(token);
  if (!prefix) return null;
  const invitation = await db().invitation.findUnique({
    where: { prefix },
    select: {
      id: true,
      secretHash: true,
      email: true,
      orgRole: true,
      domainRoles: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      organization: { select: { id: true, name: true } },
      invitedBy: { select: { name: true } },
    },
  });
  if (!invitation || !secretMatches(token, invitation.secretHash)) return null;
  return invitation;
}

export type TFoundInvitation = NonNullable<Awaited<ReturnType<typeof findMemberInvitation>>>;

/** Used wins over revoked, which wins over expired: the page then says the most useful thing. */
export function invitationState(
  invitation: Pick<TFoundInvitation, "acceptedAt" | "revokedAt" | "expiresAt">,
  now: Date,
): Exclude<TInvitationState, "unknown"> {
  if (invitation.acceptedAt) return "used";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt <= now) return "expired";
  return "valid";
}

const REFUSAL: Record<Exclude<TInvitationState, "valid">, string> = {
  used: "This invitation was already used. Sign in to reach the organization.",
  revoked: "This invitation was revoked. Ask an Owner or Admin of the organization to invite you again.",
  expired: "This invitation has expired. Ask an Owner or Admin of the organization to invite you again.",
  unknown: "This invitation link is not valid. Check that you opened the whole link from your email.",
};

/** 404 for a link that names no invitation, 409 (with `details.state`) for one that no longer works. */
export function invitationRefusal(state: Exclude<TInvitationState, "valid">): AppError {
  if (state === "unknown") return new AppError("NOT_FOUND", REFUSAL.unknown, { details: { state } });
  return new AppError("CONFLICT", REFUSAL[state], { details: { state } });
}

/** The invitation a link names, still open at `now`, or the refusal that says why not. */
export async function openInvitation(token: string, now: Date): Promise<TFoundInvitation> {
  const invitation = await findMemberInvitation(token);
  if (!invitation) throw invitationRefusal("unknown");
  const state = invitationState(invitation, now);
  if (state !== "valid") throw invitationRefusal(state);
  return invitation;
}

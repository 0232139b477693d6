import type { TAcceptInvitationResponse } from "@/contracts/members/accept-invitation";
import type { TJoinInvitationRequest } from "@/contracts/members/join-invitation";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { admitMember } from "./admit-member";
import { openInvitation } from "./find-invitation";

/**
 * Joins with one click while signed in as the invited address: the session already proves the
 * account. Signed in as someone else, the person is told to sign out first.
 */
export async function joinInvitation(
  session: { userId: string },
  { token }: TJoinInvitationRequest,
  now = new Date(),
): Promise<TAcceptInvitationResponse> {
  const invitation = await openInvitation(token, now);
  const user = await db().user.findUniqueOrThrow({
    where: { id: session.userId },
    select: { id: true, name: true, email: true },
  });
  if (user.email.toLowerCase() !== invitation.email) {
    throw new AppError(
      "FORBIDDEN",
      `This invitation is for ${invitation.email}, and you are signed in as ${user.email}. Sign out, then open the link again.`,
    );
  }
  return db().$transaction((tx) => admitMember(tx, invitation, user, { now, newAccount: false }));
}

import type { TActivateInvitationRequest, TActivateInvitationResponse } from "@/contracts/partner/activate-invitation";
import { hashPassword } from "@/server/auth/password";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { findInvitation, invitationState, type TInvitationState } from "./find-invitation";

const REFUSAL: Record<Exclude<TInvitationState, "valid">, string> = {
  used: "This activation link was already used. Sign in with the email and password chosen then.",
  expired: "This activation link has expired. Ask your provider for a new one.",
  partner_only: "This organization is reached through your provider's product: it has no password sign-in to activate.",
};

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/**
 * The owner's activation: sets the sign-in email and password of the owner the provisioning
 * request created, and spends the link. Spending is a conditional update, so two submissions
 * of one link activate once. The page then signs the owner in with what they chose.
 */
export async function activateInvitation(
  input: TActivateInvitationRequest,
  now = new Date(),
): Promise<TActivateInvitationResponse> {
  const invitation = await findInvitation(input.token);
  if (!invitation)
    throw new AppError("NOT_FOUND", "This activation link is not valid. Check that you copied all of it.");
  const state = invitationState(invitation, now);
  if (state !== "valid") throw new AppError("CONFLICT", REFUSAL[state], { details: { state } });
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  try {
    await db().$transaction(async (tx) => {
      const { count } = await tx.ownerInvitation.updateMany({
        where: { id: invitation.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (count !== 1) throw new AppError("CONFLICT", REFUSAL.used, { details: { state: "used" } });
      await tx.user.update({ where: { id: invitation.userId }, data: { email, passwordHash } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        "CONFLICT",
        "An account with this email already exists. Choose another email for this organization's owner.",
        { details: { field: "email" } },
      );
    }
    throw error;
  }
  return { orgId: invitation.organization.id, email };
}

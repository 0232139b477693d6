import type { TRevokeInvitationRequest } from "@/contracts/members/revoke-invitation";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";

/**
 * An Owner or Admin revokes an open invitation: its link stops working at once. Revoking only
 * takes access away, so an Admin may revoke an Owner's invitation too. Revoking twice keeps the
 * first time; an accepted invitation cannot be revoked (remove the member instead).
 */
export async function revokeInvitation(actor: TUserActor, { id }: TRevokeInvitationRequest, now = new Date()) {
  assertOrgAdmin(actor);
  return db().$transaction(async (tx) => {
    const invitation = await tx.invitation.findFirst({
      where: { id, organizationId: actor.orgId },
      select: { id: true, email: true, acceptedAt: true, revokedAt: true },
    });
    if (!invitation) throw notFound("invitation");
    if (invitation.revokedAt) return { id, revokedAt: invitation.revokedAt.toISOString() };
    if (invitation.acceptedAt) {
      throw new AppError(
        "CONFLICT",
        `${invitation.email} already accepted this invitation: remove them from the members list instead.`,
      );
    }
    const { count } = await tx.invitation.updateMany({
      where: { id, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    if (count !== 1)
      throw new AppError("CONFLICT", "This invitation changed meanwhile. Reload the page and try again.");
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "member.invitation_revoked",
      subject: { type: "invitation", id },
      summary: `Revoked the invitation of ${invitation.email}`,
      data: { email: invitation.email },
    });
    return { id, revokedAt: now.toISOString() };
  });
}

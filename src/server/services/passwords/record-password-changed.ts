import type { TTransaction } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";

type TPerson = { id: string; email: string; name: string };

const HOW: Record<"account_settings" | "reset_link", string> = {
  account_settings: "in their account settings",
  reset_link: "with a reset link",
};

/**
 * member.password_changed in every organization the person belongs to: each one's Owners see
 * that this member's sessions ended. The person is the actor (they knew the password or held the link).
 */
export async function recordPasswordChanged(
  tx: TTransaction,
  person: TPerson,
  via: "account_settings" | "reset_link",
): Promise<void> {
  const memberships = await tx.organizationMembership.findMany({
    where: { userId: person.id },
    select: { organizationId: true, role: true },
  });
  for (const { organizationId, role } of memberships) {
    await recordAudit(tx, {
      orgId: organizationId,
      actor: {
        kind: "user",
        userId: person.id,
        email: person.email,
        name: person.name,
        orgId: organizationId,
        orgRole: role,
        via: "cookie",
        credentialId: null,
      },
      kind: "member.password_changed",
      subject: { type: "user", id: person.id },
      summary: `${person.email} changed their password ${HOW[via]}; sessions signed in before were signed out`,
      data: { via },
    });
  }
}

import type { TUserActor } from "@/server/auth/actor";
import type { TTransaction } from "@/server/db/client";
import type { OrgRole } from "@/server/db/generated/enums";
import { AppError, notFound } from "@/server/errors";

export const ORG_ROLE_NAME: Record<OrgRole, string> = { OWNER: "Owner", ADMIN: "Admin", MEMBER: "Member" };

/**
 * Serializes the organization's membership changes: two Owners demoting each other at once must
 * not both pass the last-Owner check. Every write of this area takes it first.
 */
export async function lockOrganization(tx: TTransaction, orgId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${orgId}::uuid FOR UPDATE`;
}

export type TTargetMember = {
  id: string;
  role: OrgRole;
  disabledAt: Date | null;
  user: { id: string; name: string; email: string; disabledAt: Date | null };
};

/** The member a change names, or the uniform 404 (someone of another organization reads the same). */
export async function targetMember(tx: TTransaction, orgId: string, userId: string): Promise<TTargetMember> {
  const membership = await tx.organizationMembership.findUnique({
    where: { organizationId_userId: { organizationId: orgId, userId } },
    select: {
      id: true,
      role: true,
      disabledAt: true,
      user: { select: { id: true, name: true, email: true, disabledAt: true } },
    },
  });
  if (!membership) throw notFound("member");
  return membership;
}

/** Only an Owner changes an Owner, or makes someone an Owner. */
export function assertMayChangeOwner(actor: TUserActor, target: TTargetMember, nextRole?: OrgRole): void {
  if (actor.orgRole === "OWNER") return;
  if (target.role === "OWNER") {
    throw new AppError("FORBIDDEN", `Only an Owner may change ${target.user.name}: they are an Owner.`);
  }
  if (nextRole === "OWNER") {
    throw new AppError("FORBIDDEN", "Only an Owner may make someone an Owner.", { details: { field: "orgRole" } });
  }
}

export const describeMember = (member: TTargetMember) => `${member.user.name} <${member.user.email}>`;

/**
 * The organization keeps at least one active Owner: an Owner who is enabled may be demoted,
 * disabled or removed only while another enabled Owner remains. Call it under lockOrganization.
 */
export async function assertAnotherActiveOwner(
  tx: TTransaction,
  actor: TUserActor,
  target: TTargetMember,
  change: "demote" | "disable" | "remove",
): Promise<void> {
  if (target.role !== "OWNER" || target.disabledAt) return;
  const others = await tx.organizationMembership.count({
    where: {
      organizationId: actor.orgId,
      role: "OWNER",
      disabledAt: null,
      user: { disabledAt: null },
      userId: { not: target.user.id },
    },
  });
  if (others > 0) return;
  const who = target.user.id === actor.userId ? "You are" : `${target.user.name} is`;
  const whom = target.user.id === actor.userId ? "yourself" : "them";
  throw new AppError(
    "CONFLICT",
    `${who} the only active Owner of this organization: make another member an Owner before you ${change} ${whom}.`,
    { details: { reason: "last_owner" } },
  );
}

import type { TOrganizationSettings, TUpdateOrganizationSettingsRequest } from "@/contracts/partner/tenant-settings";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin, isOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";

/** The organization's settings as any member reads them. */
export async function getOrganizationSettings(actor: TUserActor): Promise<TOrganizationSettings> {
  const organization = await db().organization.findUniqueOrThrow({
    where: { id: actor.orgId },
    select: { id: true, name: true },
  });
  return { ...organization, canEdit: isOrgAdmin(actor) };
}

/**
 * Renames the organization (its slug never changes). Owner or Admin only. A real change is
 * logged (old name -> new name) in the rename's transaction; the same name logs nothing.
 */
export async function updateOrganizationSettings(
  actor: TUserActor,
  input: TUpdateOrganizationSettingsRequest,
): Promise<TOrganizationSettings> {
  assertOrgAdmin(actor);
  const organization = await db().$transaction(async (tx) => {
    const before = await tx.organization.findUniqueOrThrow({ where: { id: actor.orgId }, select: { name: true } });
    const after = await tx.organization.update({
      where: { id: actor.orgId },
      data: { name: input.name },
      select: { id: true, name: true },
    });
    if (before.name !== after.name) {
      await recordAudit(tx, {
        orgId: actor.orgId,
        actor,
        kind: "settings.changed",
        subject: { type: "organization", id: actor.orgId },
        summary: `Renamed the organization from "${before.name}" to "${after.name}"`,
        data: { changes: { name: { from: before.name, to: after.name } } },
      });
    }
    return after;
  });
  return { ...organization, canEdit: true };
}

import type { TOrganizationSettings, TUpdateOrganizationSettingsRequest } from "@/contracts/partner/tenant-settings";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin, isOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";

/** The organization's settings as any member reads them. */
export async function getOrganizationSettings(actor: TUserActor): Promise<TOrganizationSettings> {
  const organization = await db().organization.findUniqueOrThrow({
    where: { id: actor.orgId },
    select: { id: true, name: true },
  });
  return { ...organization, canEdit: isOrgAdmin(actor) };
}

/** Renames the organization (its slug never changes). Owner or Admin only. */
export async function updateOrganizationSettings(
  actor: TUserActor,
  input: TUpdateOrganizationSettingsRequest,
): Promise<TOrganizationSettings> {
  assertOrgAdmin(actor);
  const organization = await db().organization.update({
    where: { id: actor.orgId },
    data: { name: input.name },
    select: { id: true, name: true },
  });
  return { ...organization, canEdit: true };
}

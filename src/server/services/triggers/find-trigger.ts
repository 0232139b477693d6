import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";

/** A trigger of the actor's organization the actor may manage: 404 across tenants, 403 without the right. */
export async function findManageableTrigger(actor: TUserActor, triggerId: string) {
  const trigger = await db().trigger.findUnique({
    where: { id: triggerId },
    select: { id: true, organizationId: true, domainId: true, type: true, cron: true, timezone: true },
  });
  if (!trigger || trigger.organizationId !== actor.orgId) throw notFound("trigger");
  await assertCan(actor, "edit_automation", trigger.domainId);
  return trigger;
}

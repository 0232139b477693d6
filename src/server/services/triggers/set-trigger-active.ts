import type { TSetTriggerActiveRequest } from "@/contracts/triggers/set-trigger-active";
import type { TTrigger } from "@/contracts/triggers/trigger";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { findManageableTrigger } from "./find-trigger";
import { nextFireAfter } from "./schedule";
import { toTrigger, TRIGGER_SELECT } from "./to-trigger";

/**
 * Activates or deactivates a trigger. A schedule's planned firing is cleared while inactive and
 * planned from now on activation: firings missed while it was off are skipped, not caught up.
 */
export async function setTriggerActive(
  actor: TUserActor,
  input: TSetTriggerActiveRequest,
): Promise<{ trigger: TTrigger }> {
  const trigger = await findManageableTrigger(actor, input.triggerId);
  const nextFireAt =
    trigger.type === "SCHEDULE" && input.active ? nextFireAfter(trigger.cron!, trigger.timezone ?? "UTC") : null;
  const row = await db().trigger.update({
    where: { id: trigger.id },
    data: { active: input.active, ...(trigger.type === "SCHEDULE" ? { nextFireAt } : {}) },
    select: TRIGGER_SELECT,
  });
  return { trigger: toTrigger(row) };
}

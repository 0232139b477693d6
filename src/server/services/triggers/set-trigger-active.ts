import type { TSetTriggerActiveRequest } from "@/contracts/triggers/set-trigger-active";
import type { TTrigger } from "@/contracts/triggers/trigger";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";
import { findManageableTrigger } from "./find-trigger";
import { nextFireAfter } from "./schedule";
import { toTrigger, TRIGGER_SELECT } from "./to-trigger";

/**
 * Activates or deactivates a trigger. A schedule's planned firing is cleared while inactive and
 * planned from now on activation: firings missed while it was off are skipped, not caught up.
 * A change of state is logged in the same transaction; asking for the state it has logs nothing.
 */
export async function setTriggerActive(
  actor: TUserActor,
  input: TSetTriggerActiveRequest,
): Promise<{ trigger: TTrigger }> {
  const trigger = await findManageableTrigger(actor, input.triggerId);
  const nextFireAt =
    trigger.type === "SCHEDULE" && input.active ? nextFireAfter(trigger.cron!, trigger.timezone ?? "UTC") : null;
  const row = await db().$transaction(async (tx) => {
    const { count: changed } = await tx.trigger.updateMany({
      where: { id: trigger.id, active: !input.active },
      data: { active: input.active },
    });
    const updated = await tx.trigger.update({
      where: { id: trigger.id },
      data: { active: input.active, ...(trigger.type === "SCHEDULE" ? { nextFireAt } : {}) },
      select: TRIGGER_SELECT,
    });
    if (changed) {
      await recordAudit(tx, {
        orgId: actor.orgId,
        actor,
        kind: input.active ? "trigger.activated" : "trigger.deactivated",
        subject: { type: "trigger", id: trigger.id },
        summary: `${input.active ? "Activated" : "Deactivated"} the trigger "${updated.name}"`,
        data: { name: updated.name, domainId: trigger.domainId },
      });
    }
    return updated;
  });
  return { trigger: toTrigger(row) };
}

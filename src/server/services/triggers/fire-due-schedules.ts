import { db } from "@/server/db/client";
import { log } from "@/server/log";
import { FiringSlotTaken, fireTrigger } from "./fire-trigger";
import { nextFireAfter } from "./schedule";

/** Triggers claimed per tick; the next tick takes the rest. */
const BATCH = 50;
/** Bound on walking missed slots (a week of every-minute firings). */
const MAX_SLOTS = 7 * 24 * 60;

type TDue = {
  id: string;
  organizationId: string;
  domainId: string;
  name: string;
  cron: string | null;
  timezone: string | null;
  input: unknown;
  nextFireAt: Date | null;
};

/**
 * The slot to fire now: the latest planned occurrence at or before `now`. After downtime the
 * missed slots before it are skipped (one firing catches up, not one per missed minute), and
 * the trigger is planned from `now` on.
 */
export function latestDueSlot(cron: string, timezone: string, planned: Date, now: Date): Date {
  let slot = planned;
  for (let step = 0; step < MAX_SLOTS; step++) {
    const next = nextFireAfter(cron, timezone, slot);
    if (!next || next > now) return slot;
    slot = next;
  }
  return slot;
}

/**
 * Claims one due trigger with a compare-and-set on `nextFireAt` and fires it in the same
 * transaction. Of several workers only the one whose UPDATE matched the planned value fires;
 * TriggerFiring's unique (triggerId, scheduledFor) is a second guard (FiringSlotTaken). Returns whether it fired.
 */
async function fireOne(trigger: TDue, now: Date): Promise<boolean> {
  const cron = trigger.cron!;
  const timezone = trigger.timezone ?? "UTC";
  const slot = latestDueSlot(cron, timezone, trigger.nextFireAt!, now);
  const next = nextFireAfter(cron, timezone, now);
  try {
    return await db().$transaction(async (tx) => {
      const claimed = await tx.trigger.updateMany({
        where: { id: trigger.id, active: true, type: "SCHEDULE", nextFireAt: trigger.nextFireAt },
        data: { nextFireAt: next },
      });
      if (claimed.count === 0) return false;
      const input =
        trigger.input && typeof trigger.input === "object" && !Array.isArray(trigger.input)
          ? (trigger.input as Record<string, unknown>)
          : {};
      await fireTrigger(tx, { trigger, source: "SCHEDULE", actorId: null, input, scheduledFor: slot });
      return true;
    });
  } catch (error) {
    if (error instanceof FiringSlotTaken) return false;
    throw error;
  }
}

/**
 * One scheduler tick (every worker runs it; the claim makes that safe): fires every active
 * schedule trigger whose planned firing is due. A failing trigger is logged and does not stop
 * the others.
 */
export async function fireDueSchedules(now = new Date()): Promise<{ fired: number }> {
  const due = await db().trigger.findMany({
    where: { type: "SCHEDULE", active: true, nextFireAt: { lte: now } },
    orderBy: { nextFireAt: "asc" },
    take: BATCH,
    select: {
      id: true,
      organizationId: true,
      domainId: true,
      name: true,
      cron: true,
      timezone: true,
      input: true,
      nextFireAt: true,
    },
  });
  if (due.length === 0) return { fired: 0 };
  let fired = 0;
  for (const trigger of due) {
    try {
      if (await fireOne(trigger, now)) fired++;
    } catch (error) {
      log.error("schedule firing failed", { triggerId: trigger.id, error });
    }
  }
  return { fired };
}

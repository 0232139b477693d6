import type { TListTriggersResponse } from "@/contracts/triggers/list-triggers";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { describeSubscribers, SUBSCRIBER_AUTOMATION_SELECT } from "./subscribers";
import { toTrigger, TRIGGER_SELECT } from "./to-trigger";

/** A domain's triggers, newest first, each with its subscribers; anyone who can view the domain. */
export async function listTriggers(actor: TUserActor, input: { domainId: string }): Promise<TListTriggersResponse> {
  await assertCan(actor, "view", input.domainId);
  const rows = await db().trigger.findMany({
    where: { organizationId: actor.orgId, domainId: input.domainId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      ...TRIGGER_SELECT,
      subscriptions: {
        orderBy: { createdAt: "asc" },
        select: { automation: { select: SUBSCRIBER_AUTOMATION_SELECT } },
      },
    },
  });
  const subscribers = await describeSubscribers(
    rows.flatMap((row) => row.subscriptions.map((subscription) => subscription.automation)),
  );
  const byId = new Map(subscribers.map((subscriber) => [subscriber.automationId, subscriber]));
  return {
    triggers: rows.map((row) => ({
      trigger: toTrigger(row),
      subscribers: row.subscriptions.map((subscription) => byId.get(subscription.automation.id)!),
    })),
  };
}

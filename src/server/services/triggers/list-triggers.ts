import type { TListTriggersResponse } from "@/contracts/triggers/list-triggers";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { cursorPage, keysetQuery, type TPageRequest } from "@/server/services/common/cursor-page";
import { describeSubscribers, SUBSCRIBER_AUTOMATION_SELECT } from "./subscribers";
import { toTrigger, TRIGGER_SELECT } from "./to-trigger";

const TRIGGERS = {
  list: "triggers",
  shape: ["date", "uuid"],
  order: [
    ["createdAt", "desc"],
    ["id", "asc"],
  ],
} as const;

/**
 * A domain's triggers, newest first, each with its subscribers; anyone who can view the domain.
 * A page of them with `limit` (the tenant door), all of them without (the console).
 */
export async function listTriggers(
  actor: TUserActor,
  input: { domainId: string },
  page: TPageRequest = {},
): Promise<TListTriggersResponse & { nextCursor: string | null }> {
  const keyset = keysetQuery(TRIGGERS, page);
  await assertCan(actor, "view", input.domainId);
  const read = await db().trigger.findMany({
    where: { organizationId: actor.orgId, domainId: input.domainId, AND: [keyset.after] },
    orderBy: keyset.orderBy,
    take: keyset.take,
    select: {
      ...TRIGGER_SELECT,
      subscriptions: {
        orderBy: { createdAt: "asc" },
        select: { automation: { select: SUBSCRIBER_AUTOMATION_SELECT } },
      },
    },
  });
  const { items: rows, nextCursor } = cursorPage(TRIGGERS, read, page, (row) => [row.createdAt, row.id]);
  const subscribers = await describeSubscribers(
    rows.flatMap((row) => row.subscriptions.map((subscription) => subscription.automation)),
  );
  const byId = new Map(subscribers.map((subscriber) => [subscriber.automationId, subscriber]));
  return {
    nextCursor,
    triggers: rows.map((row) => ({
      trigger: toTrigger(row),
      subscribers: row.subscriptions.map((subscription) => byId.get(subscription.automation.id)!),
    })),
  };
}

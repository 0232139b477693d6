import type {
  TListSubscribableResponse,
  TTriggerSubscriptionRequest,
  TTriggerSubscriptionResponse,
} from "@/contracts/triggers/subscription";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { findManageableTrigger } from "./find-trigger";
import { describeSubscribers, SUBSCRIBER_AUTOMATION_SELECT } from "./subscribers";

async function currentSubscribers(triggerId: string): Promise<TTriggerSubscriptionResponse> {
  const rows = await db().triggerSubscription.findMany({
    where: { triggerId },
    orderBy: { createdAt: "asc" },
    select: { automation: { select: SUBSCRIBER_AUTOMATION_SELECT } },
  });
  return { subscribers: await describeSubscribers(rows.map((row) => row.automation)) };
}

/**
 * Subscribes a published agent or flow of the trigger's own domain. Subscribing twice is a
 * no-op. Caller-required subscribers are allowed on every type: API firings can supply caller
 * material; scheduled and event firings record them as refused (section 5, rule 8).
 */
export async function subscribeAutomation(
  actor: TUserActor,
  input: TTriggerSubscriptionRequest,
): Promise<TTriggerSubscriptionResponse> {
  const trigger = await findManageableTrigger(actor, input.triggerId);
  const automation = await db().automation.findUnique({
    where: { id: input.automationId },
    select: { organizationId: true, domainId: true, name: true, publishedRevision: true },
  });
  if (!automation || automation.organizationId !== actor.orgId) throw notFound("automation");
  if (automation.domainId !== trigger.domainId) {
    throw new AppError(
      "VALIDATION",
      `"${automation.name}" belongs to another domain; a trigger fans out only to agents and flows of its own domain.`,
      {
        details: { field: "automationId" },
      },
    );
  }
  if (automation.publishedRevision === null) {
    throw new AppError(
      "VALIDATION",
      `"${automation.name}" has never been published; publish it before subscribing it to a trigger.`,
      { details: { field: "automationId" } },
    );
  }
  await db().triggerSubscription.createMany({
    data: [{ triggerId: trigger.id, automationId: input.automationId }],
    skipDuplicates: true,
  });
  return currentSubscribers(trigger.id);
}

/** Removes a subscription; removing one that does not exist is a no-op. */
export async function unsubscribeAutomation(
  actor: TUserActor,
  input: TTriggerSubscriptionRequest,
): Promise<TTriggerSubscriptionResponse> {
  const trigger = await findManageableTrigger(actor, input.triggerId);
  await db().triggerSubscription.deleteMany({ where: { triggerId: trigger.id, automationId: input.automationId } });
  return currentSubscribers(trigger.id);
}

/** Published agents and flows of a domain, the only automations a trigger there can reach. */
export async function listSubscribable(
  actor: TUserActor,
  input: { domainId: string },
): Promise<TListSubscribableResponse> {
  await assertCan(actor, "view", input.domainId);
  const rows = await db().automation.findMany({
    where: { organizationId: actor.orgId, domainId: input.domainId, publishedRevision: { not: null } },
    orderBy: [{ kind: "asc" }, { name: "asc" }],
    select: SUBSCRIBER_AUTOMATION_SELECT,
  });
  return { automations: await describeSubscribers(rows) };
}

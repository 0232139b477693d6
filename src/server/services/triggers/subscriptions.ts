import type {
  TListSubscribableResponse,
  TTriggerSubscriptionRequest,
  TTriggerSubscriptionResponse,
} from "@/contracts/triggers/subscription";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db, type TTransaction } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
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

/** Read only when a subscription changed, for the audit entry's sentence. */
async function triggerName(tx: TTransaction, triggerId: string): Promise<string> {
  return (await tx.trigger.findUniqueOrThrow({ where: { id: triggerId }, select: { name: true } })).name;
}

/**
 * Subscribes a published agent or flow of the trigger's own domain. Subscribing twice is a
 * no-op. Caller-required subscribers are allowed on every type: API firings can supply caller
 * material; scheduled and event firings record them as refused (section 5, rule 8). A new
 * subscription and its audit entry are one transaction.
 */
export async function subscribeAutomation(
  actor: TUserActor,
  input: TTriggerSubscriptionRequest,
): Promise<TTriggerSubscriptionResponse> {
  const trigger = await findManageableTrigger(actor, input.triggerId);
  const automation = await db().automation.findUnique({
    where: { id: input.automationId },
    select: { organizationId: true, domainId: true, name: true, kind: true, publishedRevision: true },
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
  await db().$transaction(async (tx) => {
    const { count } = await tx.triggerSubscription.createMany({
      data: [{ triggerId: trigger.id, automationId: input.automationId }],
      skipDuplicates: true,
    });
    if (!count) return;
    const name = await triggerName(tx, trigger.id);
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "trigger.subscribed",
      subject: { type: "trigger", id: trigger.id },
      summary: `Subscribed the ${automation.kind === "FLOW" ? "flow" : "agent"} "${automation.name}" to the trigger "${name}"`,
      data: { automationId: input.automationId, automationName: automation.name, domainId: trigger.domainId },
    });
  });
  return currentSubscribers(trigger.id);
}

/** Removes a subscription; removing one that does not exist is a no-op (and logs nothing). */
export async function unsubscribeAutomation(
  actor: TUserActor,
  input: TTriggerSubscriptionRequest,
): Promise<TTriggerSubscriptionResponse> {
  const trigger = await findManageableTrigger(actor, input.triggerId);
  await db().$transaction(async (tx) => {
    const { count } = await tx.triggerSubscription.deleteMany({
      where: { triggerId: trigger.id, automationId: input.automationId },
    });
    if (!count) return;
    const automation = await tx.automation.findUnique({
      where: { id: input.automationId },
      select: { name: true, kind: true },
    });
    const name = await triggerName(tx, trigger.id);
    const what = automation
      ? `the ${automation.kind === "FLOW" ? "flow" : "agent"} "${automation.name}"`
      : "an automation";
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "trigger.unsubscribed",
      subject: { type: "trigger", id: trigger.id },
      summary: `Unsubscribed ${what} from the trigger "${name}"`,
      data: { automationId: input.automationId, automationName: automation?.name ?? null, domainId: trigger.domainId },
    });
  });
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

import type { TUserActor } from "@/server/auth/actor";
import { assertCan, type TDomainPermission } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import type { AutomationKind } from "@/server/db/generated/enums";
import { notFound } from "@/server/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TAutomationKind = AutomationKind;
export type TAutomationRef = { id: string; name: string; domainId: string; organizationId: string };

/** The word a 404 uses for each kind: the API speaks of agents and flows, never automations. */
const NOUN: Record<TAutomationKind, string> = { AGENT: "agent", FLOW: "flow" };

/**
 * The agent or flow the actor addresses, checked against the permission it needs. Unknown
 * ids, malformed ids, the other kind and other organizations' automations are all the same
 * 404 ("agent" or "flow"); a known one without the domain permission is 403 (spec 4.3).
 */
export async function authorizeAutomation(
  actor: TUserActor,
  id: string,
  kind: TAutomationKind,
  permission: TDomainPermission,
): Promise<TAutomationRef> {
  if (!UUID.test(id)) throw notFound(NOUN[kind]);
  const automation = await db().automation.findFirst({
    where: { id, organizationId: actor.orgId, kind },
    select: { id: true, name: true, domainId: true, organizationId: true },
  });
  if (!automation) throw notFound(NOUN[kind]);
  await assertCan(actor, permission, automation.domainId);
  return automation;
}

export const authorizeAgent = (actor: TUserActor, id: string, permission: TDomainPermission) =>
  authorizeAutomation(actor, id, "AGENT", permission);
export const authorizeFlow = (actor: TUserActor, id: string, permission: TDomainPermission) =>
  authorizeAutomation(actor, id, "FLOW", permission);

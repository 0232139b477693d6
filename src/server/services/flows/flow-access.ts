import type { TUserActor } from "@/server/auth/actor";
import { assertCan, type TDomainPermission } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TFlowRef = { id: string; name: string; domainId: string; organizationId: string };

/**
 * The flow the actor addresses, checked against the permission it needs. Unknown and
 * malformed ids, agents and other organizations' flows are one 404; a known flow without
 * the domain permission is 403 (as for agents, spec 4.3).
 */
export async function authorizeFlow(actor: TUserActor, id: string, permission: TDomainPermission): Promise<TFlowRef> {
  if (!UUID.test(id)) throw notFound("flow");
  const flow = await db().automation.findFirst({
    where: { id, organizationId: actor.orgId, kind: "FLOW" },
    select: { id: true, name: true, domainId: true, organizationId: true },
  });
  if (!flow) throw notFound("flow");
  await assertCan(actor, permission, flow.domainId);
  return flow;
}

import type { TUserActor } from "@/server/auth/actor";
import { assertCan, type TDomainPermission } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TAgentRef = { id: string; domainId: string; organizationId: string };

/**
 * The agent the actor addresses, checked against the permission it needs. Unknown ids,
 * malformed ids, flows and other organizations' agents are all the same 404; a known agent
 * without the domain permission is 403 (spec 4.3).
 */
export async function authorizeAgent(actor: TUserActor, id: string, permission: TDomainPermission): Promise<TAgentRef> {
  if (!UUID.test(id)) throw notFound("agent");
  const agent = await db().automation.findFirst({
    where: { id, organizationId: actor.orgId, kind: "AGENT" },
    select: { id: true, domainId: true, organizationId: true },
  });
  if (!agent) throw notFound("agent");
  await assertCan(actor, permission, agent.domainId);
  return agent;
}

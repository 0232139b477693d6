import type { TListAgentsResponse } from "@/contracts/agents/list-agents";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { listedDomains } from "@/server/services/automations/listed-domains";

/** The agents the actor can view, of one domain or (without `domainId`) of all their domains, by name. */
// Not folded with listFlows: agents list by name, flows by last change and with their step count.
export async function listAgents(actor: TUserActor, { domainId }: { domainId?: string }): Promise<TListAgentsResponse> {
  const domains = await listedDomains(actor, domainId);
  const rows = await db().automation.findMany({
    where: { organizationId: actor.orgId, kind: "AGENT", ...domains },
    orderBy: [{ name: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    select: { id: true, domainId: true, name: true, description: true, publishedRevision: true, updatedAt: true },
  });
  return { agents: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })) };
}

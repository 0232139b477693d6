import type { TListFlowsResponse } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { listedDomains } from "@/server/services/automations/listed-domains";
import { parseGraph } from "./to-flow";

/** The flows the actor can view, of one domain or (without `domainId`) of all their domains, most recently changed first. */
// Not folded with listAgents: flows list by last change and with their step count, agents by name.
export async function listFlows(actor: TUserActor, { domainId }: { domainId?: string }): Promise<TListFlowsResponse> {
  const domains = await listedDomains(actor, domainId);
  const rows = await db().automation.findMany({
    where: { organizationId: actor.orgId, kind: "FLOW", ...domains },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      domainId: true,
      name: true,
      description: true,
      publishedRevision: true,
      flowGraph: true,
      updatedAt: true,
    },
  });
  return {
    flows: rows.map((row) => ({
      id: row.id,
      domainId: row.domainId,
      name: row.name,
      description: row.description,
      publishedRevision: row.publishedRevision,
      stepCount: parseGraph(row.flowGraph).steps.length,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

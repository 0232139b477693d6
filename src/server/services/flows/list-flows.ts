import type { TListFlowsRequest, TListFlowsResponse } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { parseGraph } from "./to-flow";

/** The domain's flows, most recently changed first. */
// Not folded with listAgents: flows list by last change and with their step count, agents by name.
export async function listFlows(actor: TUserActor, { domainId }: TListFlowsRequest): Promise<TListFlowsResponse> {
  await assertCan(actor, "view", domainId);
  const rows = await db().automation.findMany({
    where: { organizationId: actor.orgId, domainId, kind: "FLOW" },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: { id: true, name: true, description: true, publishedRevision: true, flowGraph: true, updatedAt: true },
  });
  return {
    flows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      publishedRevision: row.publishedRevision,
      stepCount: parseGraph(row.flowGraph).steps.length,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

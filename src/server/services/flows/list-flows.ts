import type { TListFlowsResponse } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { listedDomains } from "@/server/services/automations/listed-domains";
import { cursorPage, keysetQuery, type TPageRequest } from "@/server/services/common/cursor-page";
import { parseGraph } from "./to-flow";

const FLOWS = {
  list: "flows",
  shape: ["date", "uuid"],
  order: [
    ["updatedAt", "desc"],
    ["id", "asc"],
  ],
} as const;

/**
 * The flows the actor can view, of one domain or (without `domainId`) of all their domains, most
 * recently changed first; a page of them with `limit` (the tenant door), all without (the console).
 */
// Not folded with listAgents: flows list by last change and with their step count, agents by name.
export async function listFlows(
  actor: TUserActor,
  { domainId }: { domainId?: string },
  page: TPageRequest = {},
): Promise<TListFlowsResponse & { nextCursor: string | null }> {
  const keyset = keysetQuery(FLOWS, page);
  const domains = await listedDomains(actor, domainId);
  const rows = await db().automation.findMany({
    where: { organizationId: actor.orgId, kind: "FLOW", ...domains, AND: [keyset.after] },
    orderBy: keyset.orderBy,
    take: keyset.take,
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
  const { items, nextCursor } = cursorPage(FLOWS, rows, page, (row) => [row.updatedAt, row.id]);
  return {
    nextCursor,
    flows: items.map((row) => ({
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

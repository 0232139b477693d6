import type { TListAgentsResponse } from "@/contracts/agents/list-agents";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { listedDomains } from "@/server/services/automations/listed-domains";
import { cursorPage, keysetQuery, type TPageRequest } from "@/server/services/common/cursor-page";

const AGENTS = {
  list: "agents",
  shape: ["text", "date", "uuid"],
  order: [
    ["name", "asc"],
    ["createdAt", "asc"],
    ["id", "asc"],
  ],
} as const;

/**
 * The agents the actor can view, of one domain or (without `domainId`) of all their domains, by
 * name; a page of them with `limit` (the tenant door), all of them without (the console).
 */
// Not folded with listFlows: agents list by name, flows by last change and with their step count.
export async function listAgents(
  actor: TUserActor,
  { domainId }: { domainId?: string },
  page: TPageRequest = {},
): Promise<TListAgentsResponse & { nextCursor: string | null }> {
  const keyset = keysetQuery(AGENTS, page);
  const domains = await listedDomains(actor, domainId);
  const rows = await db().automation.findMany({
    where: { organizationId: actor.orgId, kind: "AGENT", ...domains, AND: [keyset.after] },
    orderBy: keyset.orderBy,
    take: keyset.take,
    select: {
      id: true,
      domainId: true,
      name: true,
      description: true,
      publishedRevision: true,
      updatedAt: true,
      createdAt: true,
    },
  });
  const { items, nextCursor } = cursorPage(AGENTS, rows, page, (row) => [row.name, row.createdAt, row.id]);
  return {
    agents: items.map(({ createdAt: _createdAt, ...row }) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    nextCursor,
  };
}

import type { TListAgentsRequest, TListAgentsResponse } from "@/contracts/agents/list-agents";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";

/** The agents of one domain the actor can view, by name. */
// Not folded with listFlows: agents list by name, flows by last change and with their step count.
export async function listAgents(actor: TUserActor, { domainId }: TListAgentsRequest): Promise<TListAgentsResponse> {
  await assertCan(actor, "view", domainId);
  const rows = await db().automation.findMany({
    where: { organizationId: actor.orgId, domainId, kind: "AGENT" },
    orderBy: [{ name: "asc" }, { createdAt: "asc" }],
    select: { id: true, name: true, description: true, publishedRevision: true, updatedAt: true },
  });
  return { agents: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })) };
}

import type { TChatAgent } from "@/contracts/session-console/chat";
import type { TUserActor } from "@/server/auth/actor";
import { roleAllows } from "@/server/auth/permissions";
import { db } from "@/server/db/client";

/** Published agents of the domains where the actor's role may run agents (Operator and up). */
export async function listChatAgents(actor: TUserActor): Promise<{ agents: TChatAgent[] }> {
  const memberships = await db().domainMembership.findMany({
    where: { userId: actor.userId, domain: { organizationId: actor.orgId } },
    select: { domainId: true, role: true },
  });
  const domainIds = memberships.filter((row) => roleAllows(row.role, "execute")).map((row) => row.domainId);
  const agents = await db().automation.findMany({
    where: {
      organizationId: actor.orgId,
      kind: "AGENT",
      publishedRevision: { not: null },
      domainId: { in: domainIds },
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      description: true,
      publishedRevision: true,
      domain: { select: { id: true, name: true } },
    },
  });
  return {
    agents: agents.map((agent) => ({
      id: agent.id,
      name: agent.name,
      description: agent.description,
      domain: agent.domain,
      revision: agent.publishedRevision!,
    })),
  };
}

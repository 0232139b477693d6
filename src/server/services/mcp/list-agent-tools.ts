import type { TUserActor } from "@/server/auth/actor";
import { roleAllows } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { disabledAutomations } from "@/server/services/partner/entitlements/disabled-automations";
import { assignToolNames } from "./tool-names";

/** One published agent as the MCP client sees it. */
export type TAgentTool = {
  toolName: string;
  agentId: string;
  agentName: string;
  domainId: string;
  description: string;
  /** False when the follower's partner has not enabled the agent: not listed, and a call is refused. */
  enabled: boolean;
};

/** Said when the author wrote no description; clients show it to the model choosing tools. */
function defaultDescription(agentName: string): string {
  return `Send a message to the agent "${agentName}" and get its answer. Pass sessionId from an earlier answer to continue that conversation.`;
}

/**
 * The published agents the key owner may run (domain role with `execute`), named uniquely
 * within the organization. Names are computed over all of the organization's agents, so the
 * same agent has the same name for every member, whatever each one may see.
 */
export async function listAgentTools(actor: TUserActor): Promise<TAgentTool[]> {
  const [agents, memberships] = await Promise.all([
    db().automation.findMany({
      where: { organizationId: actor.orgId, kind: "AGENT" },
      select: { id: true, name: true, description: true, domainId: true, createdAt: true, publishedRevision: true },
    }),
    db().domainMembership.findMany({
      where: { userId: actor.userId, domain: { organizationId: actor.orgId } },
      select: { domainId: true, role: true },
    }),
  ]);
  const names = assignToolNames(agents);
  const roles = new Map(memberships.map((membership) => [membership.domainId, membership.role]));
  // One query: an agent its follower's partner disabled is kept but marked, so the server hides
  // it from tools/list and refuses a call by its name (names stay stable either way).
  const disabled = await disabledAutomations(agents.map((agent) => agent.id));
  return agents
    .filter((agent) => agent.publishedRevision !== null && roleAllows(roles.get(agent.domainId) ?? null, "execute"))
    .map((agent) => ({
      toolName: names.get(agent.id)!,
      agentId: agent.id,
      agentName: agent.name,
      domainId: agent.domainId,
      description: agent.description?.trim() || defaultDescription(agent.name),
      enabled: !disabled.has(agent.id),
    }))
    .sort((a, b) => a.toolName.localeCompare(b.toolName));
}

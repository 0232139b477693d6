import type { TGetAgentRequest, TGetAgentResponse } from "@/contracts/agents/get-agent";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { authorizeAgent } from "@/server/services/automations/automation-access";
import { DRAFT_SELECT, toDraft } from "./draft";

/** One agent's draft (Setup, binding policies, knowledge selection) and published pointer. */
// Not folded with getFlow: the draft each returns (Setup and knowledge vs a graph) is the kind's own.
export async function getAgent(actor: TUserActor, { id }: TGetAgentRequest): Promise<TGetAgentResponse> {
  const agent = await authorizeAgent(actor, id, "view");
  const row = await db().automation.findUniqueOrThrow({
    where: { id: agent.id },
    select: {
      ...DRAFT_SELECT,
      name: true,
      description: true,
      publishedRevision: true,
      createdAt: true,
      updatedAt: true,
    },
  });
  const draft = toDraft(row);
  return {
    agent: {
      id: row.id,
      domainId: row.domainId,
      name: row.name,
      description: row.description,
      kind: "agent",
      setup: draft.setup,
      bindingPolicies: draft.bindingPolicies,
      knowledgeSelection: draft.knowledgeSelection,
      publishedRevision: row.publishedRevision,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

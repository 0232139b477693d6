import type { TCreateAgentRequest, TCreateAgentResponse } from "@/contracts/agents/create-agent";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { AGENT_SELECT, normalizeDescription, toAgent } from "./to-agent";

/**
 * Creates a draft agent in a domain where the actor may edit automations. Setup fields not
 * given keep the column defaults (empty principles and procedure, builtin:echo, no approval
 * tools). Nothing is published: publishedRevision stays null until the first publish.
 */
// Not folded with createFlow: the draft columns differ (Setup fields vs a graph) and so do the response shapes.
export async function createAgent(actor: TUserActor, input: TCreateAgentRequest): Promise<TCreateAgentResponse> {
  await assertCan(actor, "edit_automation", input.domainId);
  const row = await db().automation.create({
    data: {
      organizationId: actor.orgId,
      domainId: input.domainId,
      kind: "AGENT",
      name: input.name,
      description: normalizeDescription(input.description),
      createdById: actor.userId,
      ...input.initialSetup,
    },
    select: AGENT_SELECT,
  });
  return toAgent(row);
}

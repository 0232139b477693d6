import type { TCreateAgentRequest, TCreateAgentResponse } from "@/contracts/agents/create-agent";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { atomically } from "@/server/db/client";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { DEFAULT_MODEL } from "@/server/models/registry";
import { AGENT_SELECT, normalizeDescription, toAgent } from "./to-agent";

/**
 * Creates a draft agent in a domain where the actor may edit automations. Setup fields not
 * given keep the column defaults (empty principles and procedure, no approval tools), except
 * the model: DEFAULT_MODEL (builtin:procedure), which runs the procedure's tool lines, where
 * the column's builtin:echo would ignore them. Nothing is published: publishedRevision stays
 * null until the first publish.
 */
// Not folded with createFlow: the draft columns differ (Setup fields vs a graph) and so do the response shapes.
export async function createAgent(
  actor: TUserActor,
  input: TCreateAgentRequest,
  record?: TRecordAnswer<TCreateAgentResponse>,
): Promise<TCreateAgentResponse> {
  await assertCan(actor, "edit_automation", input.domainId);
  // One statement, unless an Idempotency-Key's answer is recorded with it.
  return atomically(record === undefined, async (tx) => {
    const row = await tx.automation.create({
      data: {
        organizationId: actor.orgId,
        domainId: input.domainId,
        kind: "AGENT",
        name: input.name,
        description: normalizeDescription(input.description),
        createdById: actor.userId,
        ...input.initialSetup,
        model: input.initialSetup?.model ?? DEFAULT_MODEL,
      },
      select: AGENT_SELECT,
    });
    const agent = toAgent(row);
    await record?.(tx, agent);
    return agent;
  });
}

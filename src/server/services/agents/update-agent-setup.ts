import type { TUpdateAgentSetupRequest, TUpdateAgentSetupResponse } from "@/contracts/agents/update-agent-setup";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { authorizeAgent } from "@/server/services/automations/automation-access";
import { toSetup } from "./draft";

const SETUP_SELECT = {
  principles: true,
  procedure: true,
  model: true,
  approvalTools: true,
  actionClasses: true,
} as const;

/**
 * Patches the draft Setup: omitted fields stay as they are. No revision is created and the
 * published pointer does not move; runs keep using the published revision until the next publish.
 */
export async function updateAgentSetup(
  actor: TUserActor,
  input: TUpdateAgentSetupRequest,
): Promise<TUpdateAgentSetupResponse> {
  const { id, ...patch } = input;
  const agent = await authorizeAgent(actor, id, "edit_automation");
  // An empty patch changes nothing, not even updatedAt. (Prisma skips undefined fields.)
  const row = Object.values(patch).some((value) => value !== undefined)
    ? await db().automation.update({ where: { id: agent.id }, data: patch, select: SETUP_SELECT })
    : await db().automation.findUniqueOrThrow({ where: { id: agent.id }, select: SETUP_SELECT });
  return { setup: toSetup(row) };
}

import type { TVerifyAgentResponse } from "@/contracts/agents/verify-agent";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { visibleTools } from "@/server/integrations/catalog";
import { authorizeAgent } from "@/server/services/automations/automation-access";
import { readDraft, verifyDraft } from "./draft";

/** The publish verifier on the current draft, without changing anything (GET .../verify). */
export async function verifyAgent(actor: TUserActor, { id }: { id: string }): Promise<TVerifyAgentResponse> {
  const agent = await authorizeAgent(actor, id, "edit_automation");
  const tools = await visibleTools(actor.orgId);
  return verifyDraft(db(), await readDraft(db(), agent.id), tools);
}

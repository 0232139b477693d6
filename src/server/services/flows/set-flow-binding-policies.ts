import type { TSetFlowBindingPoliciesRequest, TSetFlowBindingPoliciesResponse } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { visibleIntegrations } from "@/server/integrations/catalog";
import { parseBindingPolicies } from "@/server/services/agents/draft";
import { authorizeFlow } from "./flow-access";

/**
 * Replaces the draft's binding policies with the agents' identity modes (section 5): every
 * integration must be visible, and one that takes no credential binds only as `service`.
 */
export async function setFlowBindingPolicies(actor: TUserActor, input: TSetFlowBindingPoliciesRequest): Promise<TSetFlowBindingPoliciesResponse> {
  const flow = await authorizeFlow(actor, input.id, "edit_automation");
  const integrations = new Map((await visibleIntegrations(actor.orgId)).map((integration) => [integration.id, integration]));
  const issues: Array<{ path: string; message: string; code: string }> = [];
  for (const [integrationId, mode] of Object.entries(input.policies)) {
    const integration = integrations.get(integrationId);
    if (!integration) issues.push({ path: `policies.${integrationId}`, message: "no integration with this id is available", code: "custom" });
    else if (integration.credential.prefers === "none" && mode !== "service") {
      issues.push({ path: `policies.${integrationId}`, message: "this integration takes no credential, so it binds only as service", code: "custom" });
    }
  }
  if (issues.length) throw new AppError("VALIDATION", `Invalid request: ${issues[0]!.path}: ${issues[0]!.message}.`, { details: { issues } });
  const row = await db().automation.update({ where: { id: flow.id }, data: { bindingPolicies: input.policies }, select: { bindingPolicies: true } });
  return { bindingPolicies: parseBindingPolicies(row.bindingPolicies) };
}

import type { TSetBindingPoliciesRequest, TSetBindingPoliciesResponse } from "@/contracts/agents/set-binding-policies";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { visibleIntegrations } from "@/server/integrations/catalog";
import { authorizeAgent } from "./agent-access";
import { parseBindingPolicies } from "./draft";

/**
 * Replaces the draft's binding policies (spec section 5: prefer caller / caller required).
 * Every integration id must be visible to the organization, and an integration that takes no
 * credential (service.knowledge) can only bind as `service`. Published with the next revision.
 */
export async function setBindingPolicies(actor: TUserActor, input: TSetBindingPoliciesRequest): Promise<TSetBindingPoliciesResponse> {
  const agent = await authorizeAgent(actor, input.id, "edit_automation");
  const integrations = new Map((await visibleIntegrations(actor.orgId)).map((integration) => [integration.id, integration]));
  const issues: Array<{ path: string; message: string; code: string }> = [];
  for (const [integrationId, mode] of Object.entries(input.policies)) {
    const integration = integrations.get(integrationId);
    if (!integration) issues.push({ path: `policies.${integrationId}`, message: "no integration with this id is available", code: "custom" });
    else if (integration.credential.prefers === "none" && mode !== "service") {
      issues.push({ path: `policies.${integrationId}`, message: "this integration takes no credential, so it binds only as service", code: "custom" });
    }
  }
  if (issues.length) {
    throw new AppError("VALIDATION", `Invalid request: ${issues[0]!.path}: ${issues[0]!.message}.`, { details: { issues } });
  }
  const row = await db().automation.update({ where: { id: agent.id }, data: { bindingPolicies: input.policies }, select: { bindingPolicies: true } });
  return { bindingPolicies: parseBindingPolicies(row.bindingPolicies) };
}

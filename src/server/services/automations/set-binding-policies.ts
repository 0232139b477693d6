import type { TBindingPolicies } from "@/contracts/agents/setup";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { visibleIntegrations } from "@/server/integrations/catalog";
import { parseBindingPolicies } from "@/server/services/agents/draft";
import { authorizeAutomation, type TAutomationKind } from "./automation-access";

/**
 * Replaces an agent's or a flow's draft binding policies (spec section 5: prefer caller /
 * caller required). Every integration id must be visible to the organization, and an
 * integration that takes no credential (service.knowledge) can only bind as `service`.
 * Published with the next revision.
 */
export async function setBindingPolicies(
  kind: TAutomationKind,
  actor: TUserActor,
  input: { id: string; policies: TBindingPolicies },
): Promise<{ bindingPolicies: TBindingPolicies }> {
  const automation = await authorizeAutomation(actor, input.id, kind, "edit_automation");
  const integrations = new Map(
    (await visibleIntegrations(actor.orgId)).map((integration) => [integration.id, integration]),
  );
  const issues: Array<{ path: string; message: string; code: string }> = [];
  for (const [integrationId, mode] of Object.entries(input.policies)) {
    const integration = integrations.get(integrationId);
    if (!integration)
      issues.push({
        path: `policies.${integrationId}`,
        message: "no integration with this id is available",
        code: "custom",
      });
    else if (integration.credential.prefers === "none" && mode !== "service") {
      issues.push({
        path: `policies.${integrationId}`,
        message: "this integration takes no credential, so it binds only as service",
        code: "custom",
      });
    }
  }
  if (issues.length) {
    throw new AppError("VALIDATION", `Invalid request: ${issues[0]!.path}: ${issues[0]!.message}.`, {
      details: { issues },
    });
  }
  const row = await db().automation.update({
    where: { id: automation.id },
    data: { bindingPolicies: input.policies },
    select: { bindingPolicies: true },
  });
  return { bindingPolicies: parseBindingPolicies(row.bindingPolicies) };
}

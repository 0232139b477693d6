import type { TValidateFlowRequest, TValidateFlowResponse } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { visibleTools } from "@/server/integrations/catalog";
import { parseBindingPolicies } from "@/server/services/agents/draft";
import { checkGraph } from "./check-draft";
import { authorizeFlow } from "@/server/services/automations/automation-access";

/**
 * The findings publish would raise, for the given (unsaved) document or the saved draft.
 * Editing permission is required: only editors see live findings while typing.
 */
export async function validateFlow(actor: TUserActor, input: TValidateFlowRequest): Promise<TValidateFlowResponse> {
  const flow = await authorizeFlow(actor, input.id, "edit_automation");
  const row = await db().automation.findUniqueOrThrow({
    where: { id: flow.id },
    select: { flowGraph: true, bindingPolicies: true },
  });
  const tools = await visibleTools(actor.orgId);
  const graph = input.graph === undefined ? row.flowGraph : input.graph;
  const { findings, plannedBelt } = await checkGraph(
    db(),
    flow,
    graph,
    parseBindingPolicies(row.bindingPolicies),
    tools,
  );
  return { findings, plannedBelt };
}

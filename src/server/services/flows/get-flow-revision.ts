import type { TGetFlowRevisionRequest, TGetFlowRevisionResponse } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { publisherNames, toRevisionSummary } from "@/server/services/agents/list-revisions";
import { authorizeFlow } from "./flow-access";
import { FLOW_REVISION_SELECT, toFlowSnapshot } from "./flow-revision";

/** One published revision of a flow, with its document and planned bindings. */
export async function getFlowRevision(actor: TUserActor, input: TGetFlowRevisionRequest): Promise<TGetFlowRevisionResponse> {
  const flow = await authorizeFlow(actor, input.id, "view");
  const row = await db().automationRevision.findUnique({
    where: { automationId_revision: { automationId: flow.id, revision: input.revision } },
    select: FLOW_REVISION_SELECT,
  });
  if (!row) throw notFound("revision");
  const snapshot = toFlowSnapshot(row);
  const names = await publisherNames([row.publishedById]);
  return { revision: { ...toRevisionSummary(row, names), graph: snapshot.graph, bindingPolicies: snapshot.bindingPolicies, belt: snapshot.belt } };
}

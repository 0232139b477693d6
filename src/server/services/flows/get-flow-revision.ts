import type { TGetFlowRevisionRequest, TGetFlowRevisionResponse } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { readRevision } from "@/server/services/automations/revisions";
import { FLOW_REVISION_SELECT, toFlowSnapshot } from "./flow-revision";

/** One published revision of a flow, with its document and planned bindings. */
export async function getFlowRevision(
  actor: TUserActor,
  input: TGetFlowRevisionRequest,
): Promise<TGetFlowRevisionResponse> {
  const { row, summary } = await readRevision("FLOW", actor, input.id, input.revision, FLOW_REVISION_SELECT);
  const snapshot = toFlowSnapshot(row);
  return {
    revision: { ...summary, graph: snapshot.graph, bindingPolicies: snapshot.bindingPolicies, belt: snapshot.belt },
  };
}

import type {
  TCompareFlowRevisionsRequest,
  TCompareFlowRevisionsResponse,
} from "@/contracts/flows/compare-flow-revisions";
import type { TRevisionChange } from "@/contracts/agents/compare-revisions";
import type { TUserActor } from "@/server/auth/actor";
import { changeOf } from "@/server/services/agents/revision-diff";
import { readRevision } from "@/server/services/automations/revisions";
import { FLOW_REVISION_SELECT, toFlowSnapshot, type TFlowRevisionSnapshot } from "./flow-revision";

/**
 * What changed from revision `from` to revision `to` of a flow: the input schema, each step by
 * its id (added, removed or changed, in the newer document's order, removed ones after), the
 * step order, the binding policies and the bindings.
 */
export async function compareFlowRevisions(
  actor: TUserActor,
  { id, from, to }: TCompareFlowRevisionsRequest,
): Promise<TCompareFlowRevisionsResponse> {
  const older = toFlowSnapshot((await readRevision("FLOW", actor, id, from, FLOW_REVISION_SELECT)).row);
  const newer = toFlowSnapshot((await readRevision("FLOW", actor, id, to, FLOW_REVISION_SELECT)).row);
  return { from, to, changes: flowChanges(older, newer) };
}

function flowChanges(older: TFlowRevisionSnapshot, newer: TFlowRevisionSnapshot): TRevisionChange[] {
  const changes: Array<TRevisionChange | null> = [
    changeOf("inputSchema", "Input schema", older.graph.inputSchema, newer.graph.inputSchema),
  ];
  const olderSteps = new Map(older.graph.steps.map((step) => [step.id, step]));
  const newerIds = new Set(newer.graph.steps.map((step) => step.id));
  for (const step of newer.graph.steps)
    changes.push(changeOf(`step:${step.id}`, `Step “${step.id}”`, olderSteps.get(step.id), step));
  for (const step of older.graph.steps)
    if (!newerIds.has(step.id)) changes.push(changeOf(`step:${step.id}`, `Step “${step.id}”`, step, undefined));
  // Order decides where a step without `next` goes, so a reordering alone is a change.
  const order = (snapshot: TFlowRevisionSnapshot) => snapshot.graph.steps.map((step) => step.id).join("\n");
  changes.push(changeOf("stepOrder", "Step order", order(older), order(newer)));
  changes.push(changeOf("bindingPolicies", "Binding policies", older.bindingPolicies, newer.bindingPolicies));
  changes.push(changeOf("belt", "Bindings", older.belt, newer.belt));
  return changes.filter((change): change is TRevisionChange => change !== null);
}

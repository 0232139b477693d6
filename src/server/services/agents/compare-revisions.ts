import type { TCompareRevisionsRequest, TCompareRevisionsResponse } from "@/contracts/agents/compare-revisions";
import type { TUserActor } from "@/server/auth/actor";
import { readRevision } from "@/server/services/automations/revisions";
import { REVISION_SELECT, toSnapshot, type TAgentRevisionSnapshot } from "./revision-snapshot";
import { changeOf } from "./revision-diff";

/** What a person compares in an agent revision, in the order the agent page shows it. */
const FIELDS: Array<[field: string, label: string, read: (snapshot: TAgentRevisionSnapshot) => unknown]> = [
  ["model", "Model", (s) => s.setup.model],
  ["principles", "Principles", (s) => s.setup.principles],
  ["procedure", "Procedure", (s) => s.setup.procedure],
  ["approvalTools", "Tools that need approval", (s) => s.setup.approvalTools],
  ["actionClasses", "Action classes", (s) => s.setup.actionClasses],
  ["bindingPolicies", "Binding policies", (s) => s.setup.bindingPolicies],
  ["knowledgeSelection", "Knowledge", (s) => s.knowledgeSelection],
  ["belt", "Bindings", (s) => s.belt],
];

/** What changed from revision `from` to revision `to` of an agent (either order; the same revision has no changes). */
export async function compareAgentRevisions(
  actor: TUserActor,
  { id, from, to }: TCompareRevisionsRequest,
): Promise<TCompareRevisionsResponse> {
  const older = toSnapshot((await readRevision("AGENT", actor, id, from, REVISION_SELECT)).row);
  const newer = toSnapshot((await readRevision("AGENT", actor, id, to, REVISION_SELECT)).row);
  const changes = FIELDS.flatMap(([field, label, read]) => changeOf(field, label, read(older), read(newer)) ?? []);
  return { from, to, changes };
}

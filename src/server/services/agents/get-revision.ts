import type { TGetRevisionRequest, TGetRevisionResponse } from "@/contracts/agents/get-revision";
import type { TUserActor } from "@/server/auth/actor";
import { readRevision } from "@/server/services/automations/revisions";
import { REVISION_SELECT, toSnapshot } from "./revision-snapshot";

/** One published snapshot of an agent, as runs of that revision see it. */
export async function getRevision(
  actor: TUserActor,
  { id, revision }: TGetRevisionRequest,
): Promise<TGetRevisionResponse> {
  const { row, summary } = await readRevision("AGENT", actor, id, revision, REVISION_SELECT);
  const snapshot = toSnapshot(row);
  return {
    revision: {
      ...summary,
      setup: snapshot.setup,
      belt: snapshot.belt,
      knowledgeSelection: snapshot.knowledgeSelection,
    },
  };
}

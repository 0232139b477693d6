import type { TGetRevisionRequest, TGetRevisionResponse } from "@/contracts/agents/get-revision";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { authorizeAgent } from "./agent-access";
import { publisherNames, toRevisionSummary } from "./list-revisions";
import { REVISION_SELECT, toSnapshot } from "./revision-snapshot";

/** One published snapshot of an agent, as runs of that revision see it. */
export async function getRevision(actor: TUserActor, { id, revision }: TGetRevisionRequest): Promise<TGetRevisionResponse> {
  const agent = await authorizeAgent(actor, id, "view");
  const row = await db().automationRevision.findUnique({
    where: { automationId_revision: { automationId: agent.id, revision } },
    select: REVISION_SELECT,
  });
  if (!row) throw notFound("revision");
  const snapshot = toSnapshot(row);
  const names = await publisherNames([row.publishedById]);
  return {
    revision: {
      ...toRevisionSummary(row, names),
      setup: snapshot.setup,
      belt: snapshot.belt,
      knowledgeSelection: snapshot.knowledgeSelection,
    },
  };
}

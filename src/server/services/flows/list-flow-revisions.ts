import type { TListFlowRevisionsRequest, TListFlowRevisionsResponse } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { PUBLISHED_REVISIONS } from "@/server/services/revisions/test-run-revision";
import { publisherNames, toRevisionSummary } from "@/server/services/agents/list-revisions";
import { authorizeFlow } from "./flow-access";

/** The flow's published revisions, newest first. */
export async function listFlowRevisions(actor: TUserActor, { id }: TListFlowRevisionsRequest): Promise<TListFlowRevisionsResponse> {
  const flow = await authorizeFlow(actor, id, "view");
  const rows = await db().automationRevision.findMany({
    where: { automationId: flow.id, revision: PUBLISHED_REVISIONS },
    orderBy: { revision: "desc" },
    select: { revision: true, changeNote: true, createdAt: true, publishedById: true },
  });
  const names = await publisherNames(rows.map((row) => row.publishedById));
  return { revisions: rows.map((row) => toRevisionSummary(row, names)) };
}

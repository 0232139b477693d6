import type { TRevisionSummary } from "@/contracts/agents/agent-detail";
import type { TListRevisionsRequest, TListRevisionsResponse } from "@/contracts/agents/list-revisions";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { PUBLISHED_REVISIONS } from "@/server/services/revisions/test-run-revision";
import { authorizeAgent } from "./agent-access";

/** Names of the people who published, for the revision history (null once a user is gone). */
export async function publisherNames(ids: Array<string | null>): Promise<Map<string, { id: string; name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const users = wanted.length ? await db().user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true } }) : [];
  return new Map(users.map((user) => [user.id, user]));
}

export function toRevisionSummary(
  row: { revision: number; changeNote: string | null; createdAt: Date; publishedById: string | null },
  names: Map<string, { id: string; name: string }>,
): TRevisionSummary {
  return {
    revision: row.revision,
    changeNote: row.changeNote,
    publishedAt: row.createdAt.toISOString(),
    publishedBy: (row.publishedById && names.get(row.publishedById)) || null,
  };
}

/** The agent's published revisions, newest first. */
export async function listRevisions(actor: TUserActor, { id }: TListRevisionsRequest): Promise<TListRevisionsResponse> {
  const agent = await authorizeAgent(actor, id, "view");
  const rows = await db().automationRevision.findMany({
    where: { automationId: agent.id, revision: PUBLISHED_REVISIONS },
    orderBy: { revision: "desc" },
    select: { revision: true, changeNote: true, createdAt: true, publishedById: true },
  });
  const names = await publisherNames(rows.map((row) => row.publishedById));
  return { revisions: rows.map((row) => toRevisionSummary(row, names)) };
}

import type { TRevisionSummary } from "@/contracts/agents/agent-detail";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { notFound } from "@/server/errors";
import { PUBLISHED_REVISIONS } from "@/server/services/revisions/test-run-revision";
import { authorizeAutomation, type TAutomationKind } from "./automation-access";

type TSummaryRow = { revision: number; changeNote: string | null; createdAt: Date; publishedById: string | null };
type TRevisionSelect = Prisma.AutomationRevisionSelect & {
  revision: true;
  changeNote: true;
  createdAt: true;
  publishedById: true;
};

/** Names of the people who published, for the revision history (null once a user is gone). */
export async function publisherNames(ids: Array<string | null>): Promise<Map<string, { id: string; name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const users = wanted.length
    ? await db().user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true } })
    : [];
  return new Map(users.map((user) => [user.id, user]));
}

export function toRevisionSummary(
  row: TSummaryRow,
  names: Map<string, { id: string; name: string }>,
): TRevisionSummary {
  return {
    revision: row.revision,
    changeNote: row.changeNote,
    publishedAt: row.createdAt.toISOString(),
    publishedBy: (row.publishedById && names.get(row.publishedById)) || null,
  };
}

/** An agent's or a flow's published revisions, newest first (test-run snapshots never show). */
export async function listRevisions(
  kind: TAutomationKind,
  actor: TUserActor,
  id: string,
): Promise<{ revisions: TRevisionSummary[] }> {
  const automation = await authorizeAutomation(actor, id, kind, "view");
  const rows = await db().automationRevision.findMany({
    where: { automationId: automation.id, revision: PUBLISHED_REVISIONS },
    orderBy: { revision: "desc" },
    select: { revision: true, changeNote: true, createdAt: true, publishedById: true },
  });
  const names = await publisherNames(rows.map((row) => row.publishedById));
  return { revisions: rows.map((row) => toRevisionSummary(row, names)) };
}

/**
 * One revision of an agent or a flow the actor may view, read with the kind's select, and its
 * summary (who published it, when); 404 "revision" when that number does not exist.
 */
export async function readRevision<S extends TRevisionSelect>(
  kind: TAutomationKind,
  actor: TUserActor,
  id: string,
  revision: number,
  select: S,
) {
  const automation = await authorizeAutomation(actor, id, kind, "view");
  const row = await db().automationRevision.findUnique({
    where: { automationId_revision: { automationId: automation.id, revision } },
    select,
  });
  if (!row) throw notFound("revision");
  const summaryRow = row as unknown as TSummaryRow;
  const summary = toRevisionSummary(summaryRow, await publisherNames([summaryRow.publishedById]));
  return { row: row as Prisma.AutomationRevisionGetPayload<{ select: S }>, summary };
}

/**
 * The revision an automation's runs use: the one its published pointer names, or null while it
 * was never published (or the id is not of this kind). No permission check: callers (the
 * runtime) have authorized the run already.
 */
export async function readPublishedRevision<S extends Prisma.AutomationRevisionSelect>(
  kind: TAutomationKind,
  automationId: string,
  select: S,
) {
  const automation = await db().automation.findFirst({
    where: { id: automationId, kind },
    select: { publishedRevision: true },
  });
  if (automation?.publishedRevision == null) return null;
  return db().automationRevision.findUnique({
    where: { automationId_revision: { automationId, revision: automation.publishedRevision } },
    select,
  });
}

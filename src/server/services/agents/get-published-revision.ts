import { db } from "@/server/db/client";
import { REVISION_SELECT, toSnapshot, type TAgentRevisionSnapshot } from "./revision-snapshot";

/**
 * The revision an agent's runs use: the one its published pointer names, or null while the
 * agent was never published (or the id is no agent). No permission check: callers (the
 * runtime) have authorized the run already.
 */
export async function getPublishedRevision(automationId: string): Promise<TAgentRevisionSnapshot | null> {
  const agent = await db().automation.findFirst({
    where: { id: automationId, kind: "AGENT" },
    select: { publishedRevision: true },
  });
  if (agent?.publishedRevision == null) return null;
  const row = await db().automationRevision.findUnique({
    where: { automationId_revision: { automationId, revision: agent.publishedRevision } },
    select: REVISION_SELECT,
  });
  return row ? toSnapshot(row) : null;
}

import { db } from "@/server/db/client";
import { FLOW_REVISION_SELECT, toFlowSnapshot, type TFlowRevisionSnapshot } from "./flow-revision";

/**
 * The revision a flow's runs use: the one its published pointer names, or null while the
 * flow was never published (or the id is no flow). No permission check: callers (the
 * runner, trigger fan-out) have authorized the run already.
 */
export async function getPublishedFlowRevision(automationId: string): Promise<TFlowRevisionSnapshot | null> {
  const flow = await db().automation.findFirst({ where: { id: automationId, kind: "FLOW" }, select: { publishedRevision: true } });
  if (flow?.publishedRevision == null) return null;
  const row = await db().automationRevision.findUnique({
    where: { automationId_revision: { automationId, revision: flow.publishedRevision } },
    select: FLOW_REVISION_SELECT,
  });
  return row ? toFlowSnapshot(row) : null;
}

/**
 * One revision by number, for a run pinned to it (a later publish must not change a running
 * flow); null when it does not exist. No permission check, as above.
 */
export async function getFlowRevisionByNumber(automationId: string, revision: number): Promise<TFlowRevisionSnapshot | null> {
  const row = await db().automationRevision.findUnique({ where: { automationId_revision: { automationId, revision } }, select: FLOW_REVISION_SELECT });
  return row ? toFlowSnapshot(row) : null;
}

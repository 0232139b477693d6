import { db } from "@/server/db/client";
import { readPublishedRevision } from "@/server/services/automations/revisions";
import { FLOW_REVISION_SELECT, toFlowSnapshot, type TFlowRevisionSnapshot } from "./flow-revision";

/** The revision a flow's runs use, or null (never published, or no flow): see `readPublishedRevision`. */
export async function getPublishedFlowRevision(automationId: string): Promise<TFlowRevisionSnapshot | null> {
  const row = await readPublishedRevision("FLOW", automationId, FLOW_REVISION_SELECT);
  return row ? toFlowSnapshot(row) : null;
}

/**
 * One revision by number, for a run pinned to it (a later publish must not change a running
 * flow); null when it does not exist. No permission check, as above.
 */
export async function getFlowRevisionByNumber(
  automationId: string,
  revision: number,
): Promise<TFlowRevisionSnapshot | null> {
  const row = await db().automationRevision.findUnique({
    where: { automationId_revision: { automationId, revision } },
    select: FLOW_REVISION_SELECT,
  });
  return row ? toFlowSnapshot(row) : null;
}

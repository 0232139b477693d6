import { readPublishedRevision } from "@/server/services/automations/revisions";
import { REVISION_SELECT, toSnapshot, type TAgentRevisionSnapshot } from "./revision-snapshot";

/** The revision an agent's runs use, or null (never published, or no agent): see `readPublishedRevision`. */
export async function getPublishedRevision(automationId: string): Promise<TAgentRevisionSnapshot | null> {
  const row = await readPublishedRevision("AGENT", automationId, REVISION_SELECT);
  return row ? toSnapshot(row) : null;
}

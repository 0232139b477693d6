"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";
import { RevisionTools } from "@/components/authoring/revision-tools";
import { RevisionHistory as History } from "@/components/automations/revision-history";
import { RevisionSnapshot } from "./revision-snapshot";
import styles from "./agents.module.css";

/**
 * Every published revision, newest first; "View" opens that revision's frozen Setup. Below it,
 * two revisions can be compared and one restored into the draft.
 */
export function RevisionHistory({ agentId }: { agentId: string }) {
  const trpc = useTRPC();
  const revisions = useQuery(trpc.agents.listRevisions.queryOptions({ id: agentId }));
  const agent = useQuery(trpc.agents.get.queryOptions({ id: agentId }));
  return (
    <>
      <History
        list={revisions.data?.revisions}
        error={revisions.isError ? revisions.error : null}
        description="Each publish freezes the draft as a numbered revision. Runs use the newest one."
        className={styles.history}
        noteClassName={styles.noteCell}
        renderRevision={(revision, close) => <RevisionSnapshot agentId={agentId} revision={revision} onClose={close} />}
      />
      <RevisionTools
        kind="agent"
        automationId={agentId}
        domainId={agent.data?.agent.domainId}
        revisions={revisions.data?.revisions.map((revision) => revision.revision)}
      />
    </>
  );
}

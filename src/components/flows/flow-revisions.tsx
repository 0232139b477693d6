"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { IDENTITY_MODE_LABEL } from "@/components/agents/identity-modes";
import { RevisionTools } from "@/components/authoring/revision-tools";
import { RevisionHistory } from "@/components/automations/revision-history";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDocument } from "./document-text";
import { FlowGraphView } from "./flow-graph-view";
import styles from "./flows.module.css";

function RevisionView({ flowId, revision, onClose }: { flowId: string; revision: number; onClose: () => void }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.flows.getRevision.queryOptions({ id: flowId, revision }));
  const data = detail.data?.revision;
  return (
    <Card
      title={`Revision ${revision}`}
      description="Frozen at publish: runs of this revision execute exactly this."
      actions={
        <Button size="small" onClick={onClose}>
          Close
        </Button>
      }
    >
      {detail.isError ? <Alert tone="error">{errorMessage(detail.error)}</Alert> : null}
      {data ? (
        <div className={styles.workspace}>
          <pre className={styles.readonlyText} aria-label={`Document of revision ${revision}`}>
            {formatDocument(data.graph, "yaml")}
          </pre>
          <div>
            <FlowGraphView graph={data.graph} />
            <p className={styles.status}>
              Bindings:{" "}
              {data.belt.length
                ? data.belt
                    .map((entry) => `${entry.integrationId} (${IDENTITY_MODE_LABEL[entry.identityMode]})`)
                    .join(", ")
                : "none"}
            </p>
          </div>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * Every published revision, newest first; "View" opens that revision's document and graph. Below
 * it, two revisions can be compared step by step and one restored into the draft.
 */
export function FlowRevisions({ flowId }: { flowId: string }) {
  const trpc = useTRPC();
  const revisions = useQuery(trpc.flows.listRevisions.queryOptions({ id: flowId }));
  const flow = useQuery(trpc.flows.get.queryOptions({ id: flowId }));
  return (
    <>
      <RevisionHistory
        list={revisions.data?.revisions}
        error={revisions.isError ? revisions.error : null}
        description="Each publish freezes the draft as a numbered revision. A run keeps the revision it started on."
        className={styles.history}
        renderRevision={(revision, close) => <RevisionView flowId={flowId} revision={revision} onClose={close} />}
      />
      <RevisionTools
        kind="flow"
        automationId={flowId}
        domainId={flow.data?.flow.domainId}
        revisions={revisions.data?.revisions.map((revision) => revision.revision)}
      />
    </>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { IDENTITY_MODE_LABEL } from "@/components/agents/identity-modes";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { formatDocument } from "./document-text";
import { FlowGraphView } from "./flow-graph-view";
import styles from "./flows.module.css";

function RevisionView({ flowId, revision, onClose }: { flowId: string; revision: number; onClose: () => void }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.flows.getRevision.queryOptions({ id: flowId, revision }));
  const data = detail.data?.revision;
  return (
    <Card title={`Revision ${revision}`} description="Frozen at publish: runs of this revision execute exactly this." actions={<Button size="small" onClick={onClose}>Close</Button>}>
      {detail.isError ? <Alert tone="error">{errorMessage(detail.error)}</Alert> : null}
      {data ? (
        <div className={styles.workspace}>
          <pre className={styles.readonlyText} aria-label={`Document of revision ${revision}`}>
            {formatDocument(data.graph, "yaml")}
          </pre>
          <div>
            <FlowGraphView graph={data.graph} />
            <p className={styles.status}>
              Bindings: {data.belt.length ? data.belt.map((entry) => `${entry.integrationId} (${IDENTITY_MODE_LABEL[entry.identityMode]})`).join(", ") : "none"}
            </p>
          </div>
        </div>
      ) : null}
    </Card>
  );
}

/** Every published revision, newest first; "View" opens that revision's document and graph. */
export function FlowRevisions({ flowId }: { flowId: string }) {
  const trpc = useTRPC();
  const revisions = useQuery(trpc.flows.listRevisions.queryOptions({ id: flowId }));
  const [viewing, setViewing] = useState<number | null>(null);
  const list = revisions.data?.revisions;
  if (revisions.isError) {
    return (
      <Alert tone="error" title="The revision history could not be loaded">
        {errorMessage(revisions.error)}
      </Alert>
    );
  }
  return (
    <div className={styles.history}>
      <Card title="Revision history" description="Each publish freezes the draft as a numbered revision. A run keeps the revision it started on." flush>
        {list && list.length === 0 ? (
          <EmptyState title="Not published yet">Publish the draft to create revision 1.</EmptyState>
        ) : (
          <div className={table.wrap}>
            <table className={table.table} aria-label="Revisions" aria-busy={!list || undefined}>
              <thead>
                <tr>
                  <th scope="col">Revision</th>
                  <th scope="col">Change note</th>
                  <th scope="col">Published</th>
                  <th scope="col">By</th>
                  <th scope="col" className={table.actions}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list ? (
                  list.map((revision) => (
                    <tr key={revision.revision}>
                      <td className={table.primaryText}>{revision.revision}</td>
                      <td className={revision.changeNote ? undefined : table.muted}>{revision.changeNote ?? "No note"}</td>
                      <td className={table.muted}>
                        <DateTime value={revision.publishedAt} />
                      </td>
                      <td>{revision.publishedBy?.name ?? <span className={table.muted}>Unknown</span>}</td>
                      <td className={table.actions}>
                        <Button size="small" aria-label={`View revision ${revision.revision}`} onClick={() => setViewing(revision.revision)}>
                          View
                        </Button>
                      </td>
                    </tr>
                  ))
                ) : (
                  <TableSkeleton columns={5} rows={2} />
                )}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      {viewing !== null ? <RevisionView flowId={flowId} revision={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

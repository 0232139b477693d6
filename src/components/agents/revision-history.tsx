"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { RevisionSnapshot } from "./revision-snapshot";
import styles from "./agents.module.css";

/** Every published revision, newest first; "View" opens that revision's frozen Setup. */
export function RevisionHistory({ agentId }: { agentId: string }) {
  const trpc = useTRPC();
  const revisions = useQuery(trpc.agents.listRevisions.queryOptions({ id: agentId }));
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
      <Card title="Revision history" description="Each publish freezes the draft as a numbered revision. Runs use the newest one." flush>
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
                    <tr key={revision.revision} aria-current={viewing === revision.revision ? "true" : undefined}>
                      <td className={table.primaryText}>{revision.revision}</td>
                      <td className={revision.changeNote ? styles.noteCell : table.muted}>{revision.changeNote ?? "No note"}</td>
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
      {viewing !== null ? <RevisionSnapshot agentId={agentId} revision={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

"use client";

import { useState, type ReactNode } from "react";
import { errorMessage } from "@/client/app-error";
import type { TRevisionSummary } from "@/contracts/agents/agent-detail";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";

type TProps = {
  /** Undefined while loading. */
  list: TRevisionSummary[] | undefined;
  /** The list query's error, or null. */
  error: unknown;
  description: string;
  className?: string;
  noteClassName?: string;
  /** The kind's frozen view of one revision (an agent's Setup, a flow's document and graph). */
  renderRevision: (revision: number, close: () => void) => ReactNode;
};

/** An agent's or a flow's published revisions, newest first; "View" opens the kind's view of one. */
export function RevisionHistory({ list, error, description, className, noteClassName, renderRevision }: TProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  if (error) {
    return (
      <Alert tone="error" title="The revision history could not be loaded">
        {errorMessage(error)}
      </Alert>
    );
  }
  return (
    <div className={className}>
      <Card title="Revision history" description={description} flush>
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
                      <td className={revision.changeNote ? noteClassName : table.muted}>
                        {revision.changeNote ?? "No note"}
                      </td>
                      <td className={table.muted}>
                        <DateTime value={revision.publishedAt} />
                      </td>
                      <td>{revision.publishedBy?.name ?? <span className={table.muted}>Unknown</span>}</td>
                      <td className={table.actions}>
                        <Button
                          size="small"
                          aria-label={`View revision ${revision.revision}`}
                          onClick={() => setViewing(revision.revision)}
                        >
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
      {viewing !== null ? renderRevision(viewing, () => setViewing(null)) : null}
    </div>
  );
}

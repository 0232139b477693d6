"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TListSessionsRequest } from "@/contracts/session-console/list-sessions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { RunHistoryFilters, type TRunFilters } from "./run-history-filters";
import { RunHistoryRow } from "./run-history-row";
import styles from "./sessions.module.css";
import { useRunFiltersInUrl } from "./use-run-filters-in-url";

/**
 * Run history: the sessions the person can see, what their last run did and where it came from.
 * Its filters and search live in the URL (reload, back/forward and shared links keep them).
 */
export function SessionsList({ basePath = "/sessions", kind }: { basePath?: string; kind?: "personal" }) {
  const trpc = useTRPC();
  const [filters, setFilters] = useRunFiltersInUrl(!kind);
  const [cursors, setCursors] = useState<string[]>([]);
  const q = filters.q.trim();
  const request: TListSessionsRequest = {
    status: filters.status,
    ...(q ? { q } : {}),
    ...(kind ? { kind } : {}),
    ...(filters.domainId ? { domainId: filters.domainId } : {}),
    ...(filters.automationId ? { automationId: filters.automationId } : {}),
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
    ...(filters.origin ? { origin: filters.origin } : {}),
    ...(filters.automationKind ? { automationKind: filters.automationKind } : {}),
    ...(cursors.length ? { cursor: cursors.at(-1) } : {}),
  };
  const sessions = useQuery(trpc.sessionConsole.list.queryOptions(request));
  const update = useCallback(
    (patch: Partial<TRunFilters>, options?: { replace?: boolean }) => {
      setCursors([]);
      setFilters(patch, options);
    },
    [setFilters],
  );
  const list = sessions.data?.sessions;
  return (
    <>
      {kind ? null : <RunHistoryFilters filters={filters} update={update} />}
      {sessions.isError ? (
        <Alert tone="error" title="Sessions could not be loaded">
          {errorMessage(sessions.error)}
        </Alert>
      ) : list && list.length === 0 ? (
        <Card>
          <EmptyState title="No sessions match">
            {q
              ? `Nothing matches “${q}” with these filters. The search reads each run's input, its agent or flow, and the trigger or key that started it.`
              : "Sessions appear here when someone runs an agent of your domains, or when you chat with one."}
          </EmptyState>
        </Card>
      ) : (
        <Card flush>
          <div className={table.wrap}>
            {/* Six columns of fixed shares that wrap their text, so the table fits a 1280px screen
                without sideways scrolling; the duration sits under the last run's outcome and the
                last activity under the start time, so no fact is lost. */}
            <table className={`${table.table} ${styles.runTable}`} aria-label="Sessions" aria-busy={!list || undefined}>
              <colgroup>
                <col className={styles.colSession} />
                <col className={styles.colKind} />
                <col className={styles.colAutomation} />
                <col className={styles.colRun} />
                <col className={styles.colOrigin} />
                <col className={styles.colWhen} />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">Session</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Automation</th>
                  <th scope="col">Last run</th>
                  <th scope="col">Started by</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {list ? (
                  list.map((session) => <RunHistoryRow key={session.id} session={session} basePath={basePath} />)
                ) : (
                  <TableSkeleton columns={6} />
                )}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      <div className={styles.row} style={{ marginTop: 12 }}>
        {cursors.length ? <Button onClick={() => setCursors((current) => current.slice(0, -1))}>Newer</Button> : null}
        {sessions.data?.nextCursor ? (
          <Button onClick={() => setCursors((current) => [...current, sessions.data!.nextCursor!])}>Older</Button>
        ) : null}
      </div>
    </>
  );
}

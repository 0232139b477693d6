"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { AuditFilters } from "./audit-filters";
import { auditRequest, filtersFromParams, searchOfFilters, type TAuditFilters } from "./audit-params";
import { AuditTable } from "./audit-table";
import styles from "./audit.module.css";

/**
 * The organization's audit log, newest first, 50 entries at a time. The filters are mirrored to
 * the URL (replaceState: a reload or a shared link shows the same entries).
 */
export function AuditView() {
  const trpc = useTRPC();
  const search = useSearchParams() ?? new URLSearchParams();
  const [filters, setFilters] = useState<TAuditFilters>(() => filtersFromParams(search));
  const people = useQuery(trpc.audit.actors.queryOptions());
  const entries = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions(auditRequest(filters), { getNextPageParam: (page) => page.nextCursor }),
  );
  const update = (next: TAuditFilters) => {
    setFilters(next);
    window.history.replaceState({ ...window.history.state }, "", `${window.location.pathname}${searchOfFilters(next)}`);
  };
  const list = entries.data?.pages.flatMap((page) => page.entries);

  return (
    <div className={styles.stack}>
      <AuditFilters filters={filters} people={people.data?.people} onChange={update} />
      {entries.isError ? (
        <Alert tone="error" title="The audit log could not be loaded">
          {errorMessage(entries.error)}
        </Alert>
      ) : (
        <AuditTable entries={list} filtered={Boolean(filters.actor || filters.kind || filters.area)} />
      )}
      {entries.hasNextPage ? (
        <div className={styles.more}>
          <Button
            onClick={() => {
              entries.fetchNextPage().catch(() => undefined);
            }}
            busy={entries.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      ) : null}
      {entries.isFetchNextPageError ? (
        <Alert tone="error" title="Older entries could not be loaded">
          {errorMessage(entries.error)}
        </Alert>
      ) : null}
    </div>
  );
}

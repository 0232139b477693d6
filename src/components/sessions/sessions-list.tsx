"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TListSessionsRequest } from "@/contracts/session-console/list-sessions";
import { SelectField } from "@/components/authoring/select-field";
import authoring from "@/components/authoring/authoring.module.css";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { STATE_LABEL, STATE_TONE } from "./session-view";
import styles from "./sessions.module.css";

type TFilters = { domainId: string; automationId: string; status: "active" | "archived" | "all"; state: "" | "idle" | "running" | "suspended" | "failed" };

/** Sessions the person can see, filtered by domain, agent, lifecycle and run state. */
export function SessionsList({ basePath = "/sessions", kind }: { basePath?: string; kind?: "personal" }) {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<TFilters>({ domainId: "", automationId: "", status: "active", state: "" });
  const [cursors, setCursors] = useState<string[]>([]);
  const request: TListSessionsRequest = {
    status: filters.status,
    ...(kind ? { kind } : {}),
    ...(filters.domainId ? { domainId: filters.domainId } : {}),
    ...(filters.automationId ? { automationId: filters.automationId } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(cursors.length ? { cursor: cursors.at(-1) } : {}),
  };
  const sessions = useQuery(trpc.sessionConsole.list.queryOptions(request));
  const update = (patch: Partial<TFilters>) => {
    setCursors([]);
    setFilters((current) => ({ ...current, ...patch }));
  };
  const list = sessions.data?.sessions;
  return (
    <>
      {kind ? null : <SessionFilters filters={filters} update={update} />}
      {sessions.isError ? (
        <Alert tone="error" title="Sessions could not be loaded">
          {errorMessage(sessions.error)}
        </Alert>
      ) : list && list.length === 0 ? (
        <Card>
          <EmptyState title="No sessions match">Sessions appear here when someone runs an agent of your domains, or when you chat with one.</EmptyState>
        </Card>
      ) : (
        <Card flush>
          <div className={table.wrap}>
            <table className={table.table} aria-label="Sessions" aria-busy={!list || undefined}>
              <thead>
                <tr>
                  <th scope="col">Session</th>
                  <th scope="col">Agent</th>
                  <th scope="col">State</th>
                  <th scope="col">Started by</th>
                  <th scope="col">Last activity</th>
                </tr>
              </thead>
              <tbody>
                {list ? (
                  list.map((session) => (
                    <tr key={session.id}>
                      <td>
                        <Link href={`${basePath}/${session.id}`} className={authoring.rowLink}>
                          {session.title}
                        </Link>
                        <div className={table.secondaryText}>
                          {session.kind === "personal" ? "Personal chat" : session.domain.name} · {session.origin}
                          {session.testRun ? " · Test run of the draft" : ""}
                          {session.outcome ? ` · ${session.outcome}` : ""}
                          {session.archived ? " · archived" : ""}
                        </div>
                      </td>
                      <td>{session.agent.name}</td>
                      <td>
                        <Badge tone={STATE_TONE[session.state]}>{STATE_LABEL[session.state]}</Badge>
                      </td>
                      <td className={table.muted}>{session.owner ? (session.owner.isYou ? "You" : session.owner.name) : "Automation"}</td>
                      <td className={table.muted}>
                        <DateTime value={session.updatedAt} />
                      </td>
                    </tr>
                  ))
                ) : (
                  <TableSkeleton columns={5} />
                )}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      <div className={styles.row} style={{ marginTop: 12 }}>
        {cursors.length ? <Button onClick={() => setCursors((current) => current.slice(0, -1))}>Newer</Button> : null}
        {sessions.data?.nextCursor ? <Button onClick={() => setCursors((current) => [...current, sessions.data!.nextCursor!])}>Older</Button> : null}
      </div>
    </>
  );
}

function SessionFilters({ filters, update }: { filters: TFilters; update: (patch: Partial<TFilters>) => void }) {
  const trpc = useTRPC();
  const domains = useQuery(trpc.tenancy.listDomains.queryOptions());
  const memberDomains = (domains.data?.domains ?? []).filter((domain) => domain.myRole);
  const agents = useQuery({ ...trpc.agents.list.queryOptions({ domainId: filters.domainId }), enabled: Boolean(filters.domainId) });
  return (
    <div className={styles.filters}>
      <SelectField label="Domain" value={filters.domainId} onChange={(event) => update({ domainId: event.target.value, automationId: "" })}>
        <option value="">All my domains</option>
        {memberDomains.map((domain) => (
          <option key={domain.id} value={domain.id}>
            {domain.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Agent" value={filters.automationId} disabled={!filters.domainId} onChange={(event) => update({ automationId: event.target.value })}>
        <option value="">{filters.domainId ? "All agents" : "Choose a domain first"}</option>
        {(agents.data?.agents ?? []).map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="State" value={filters.state} onChange={(event) => update({ state: event.target.value as TFilters["state"] })}>
        <option value="">Any state</option>
        <option value="running">Running</option>
        <option value="suspended">Waiting for approval</option>
        <option value="idle">Idle</option>
        <option value="failed">Failed</option>
      </SelectField>
      <SelectField label="Show" value={filters.status} onChange={(event) => update({ status: event.target.value as TFilters["status"] })}>
        <option value="active">Active</option>
        <option value="archived">Archived</option>
        <option value="all">All</option>
      </SelectField>
    </div>
  );
}

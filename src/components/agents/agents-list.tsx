"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ButtonLink } from "@/components/authoring/button-link";
import { AgentIcon } from "@/components/authoring/icons";
import { NotMember } from "@/components/authoring/not-member";
import { canEditAutomation } from "@/components/authoring/permissions";
import type { TDomainRole } from "@/components/roles";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { RevisionBadge } from "./revision-badge";
import authoring from "@/components/authoring/authoring.module.css";

type TProps = { domainId: string; domainName: string; role: TDomainRole | null };

export function AgentsList({ domainId, domainName, role }: TProps) {
  if (!role) return <NotMember domainName={domainName} what="agents" />;
  return <AgentsTable domainId={domainId} domainName={domainName} role={role} />;
}

function AgentsTable({ domainId, domainName, role }: TProps) {
  const trpc = useTRPC();
  const agents = useQuery(trpc.agents.list.queryOptions({ domainId }));
  const list = agents.data?.agents;

  if (agents.isError) {
    return (
      <Alert tone="error" title="Agents could not be loaded">
        {errorMessage(agents.error)}
      </Alert>
    );
  }
  if (list && list.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<AgentIcon size={22} />}
          title={`No agents in ${domainName} yet`}
          action={
            canEditAutomation(role) ? (
              <ButtonLink href={`/domains/${domainId}/agents/new`} variant="primary">
                New agent
              </ButtonLink>
            ) : undefined
          }
        >
          {canEditAutomation(role)
            ? "Create an agent, write its procedure with the tools it may use, then publish it so callers can run it."
            : "Editors of this domain create agents; once they do, you will find them here."}
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card flush>
      <div className={table.wrap}>
        <table className={table.table} aria-label="Agents" aria-busy={!list || undefined}>
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Status</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {list ? (
              list.map((agent) => (
                <tr key={agent.id}>
                  <td>
                    <Link href={`/domains/${domainId}/agents/${agent.id}`} className={authoring.rowLink}>
                      {agent.name}
                    </Link>
                    {agent.description ? <div className={`${table.secondaryText} ${authoring.clamp}`}>{agent.description}</div> : null}
                  </td>
                  <td>
                    <RevisionBadge revision={agent.publishedRevision} />
                  </td>
                  <td className={table.muted}>
                    <DateTime value={agent.updatedAt} />
                  </td>
                </tr>
              ))
            ) : (
              <TableSkeleton columns={3} />
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

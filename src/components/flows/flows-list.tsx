"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { RevisionBadge } from "@/components/agents/revision-badge";
import { ButtonLink } from "@/components/authoring/button-link";
import { NotMember } from "@/components/authoring/not-member";
import { canEditAutomation } from "@/components/authoring/permissions";
import type { TDomainRole } from "@/components/roles";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import authoring from "@/components/authoring/authoring.module.css";

type TProps = { domainId: string; domainName: string; role: TDomainRole | null };

export function FlowsList(props: TProps) {
  if (!props.role) return <NotMember domainName={props.domainName} what="flows" />;
  return <FlowsTable {...props} />;
}

function FlowsTable({ domainId, domainName, role }: TProps) {
  const trpc = useTRPC();
  const flows = useQuery(trpc.flows.list.queryOptions({ domainId }));
  const list = flows.data?.flows;
  if (flows.isError) {
    return (
      <Alert tone="error" title="Flows could not be loaded">
        {errorMessage(flows.error)}
      </Alert>
    );
  }
  if (list && list.length === 0) {
    return (
      <Card>
        <EmptyState
          title={`No flows in ${domainName} yet`}
          action={
            canEditAutomation(role) ? (
              <ButtonLink href={`/flows/new?domain=${domainId}`} variant="primary">
                New flow
              </ButtonLink>
            ) : undefined
          }
        >
          {canEditAutomation(role) ? "A flow is a fixed sequence of steps (tools, branches, transforms, agents, approvals) you publish as numbered revisions." : "Editors of this domain create flows; once they do, you will find them here."}
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card flush>
      <div className={table.wrap}>
        <table className={table.table} aria-label="Flows" aria-busy={!list || undefined}>
          <thead>
            <tr>
              <th scope="col">Flow</th>
              <th scope="col">Steps</th>
              <th scope="col">Status</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {list ? (
              list.map((flow) => (
                <tr key={flow.id}>
                  <td>
                    <Link href={`/flows/${flow.id}`} className={authoring.rowLink}>
                      {flow.name}
                    </Link>
                    {flow.description ? <div className={`${table.secondaryText} ${authoring.clamp}`}>{flow.description}</div> : null}
                  </td>
                  <td className={table.muted}>{flow.stepCount}</td>
                  <td>
                    <RevisionBadge revision={flow.publishedRevision} />
                  </td>
                  <td className={table.muted}>
                    <DateTime value={flow.updatedAt} />
                  </td>
                </tr>
              ))
            ) : (
              <TableSkeleton columns={4} />
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";
import { NotMember } from "@/components/authoring/not-member";
import { AutomationsTable } from "@/components/automations/automations-table";
import type { TDomainRole } from "@/components/roles";

type TProps = { domainId: string; domainName: string; role: TDomainRole | null };

export function FlowsList(props: TProps) {
  if (!props.role) return <NotMember domainName={props.domainName} what="flows" />;
  return <FlowsTable {...props} role={props.role} />;
}

function FlowsTable({ domainId, domainName, role }: TProps & { role: TDomainRole }) {
  const trpc = useTRPC();
  const flows = useQuery(trpc.flows.list.queryOptions({ domainId }));
  return (
    <AutomationsTable
      noun="flow"
      list={flows.data?.flows}
      error={flows.isError ? flows.error : null}
      domainName={domainName}
      role={role}
      href={(flow) => `/flows/${flow.id}`}
      newHref={`/flows/new?domain=${domainId}`}
      emptyHint="A flow is a fixed sequence of steps (tools, branches, transforms, agents, approvals) you publish as numbered revisions."
      extra={{ header: "Steps", cell: (flow) => flow.stepCount }}
    />
  );
}

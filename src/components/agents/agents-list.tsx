"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";
import { AgentIcon } from "@/components/authoring/icons";
import { NotMember } from "@/components/authoring/not-member";
import { AutomationsTable } from "@/components/automations/automations-table";
import type { TDomainRole } from "@/components/roles";

type TProps = { domainId: string; domainName: string; role: TDomainRole | null };

export function AgentsList({ domainId, domainName, role }: TProps) {
  if (!role) return <NotMember domainName={domainName} what="agents" />;
  return <AgentsTable domainId={domainId} domainName={domainName} role={role} />;
}

function AgentsTable({ domainId, domainName, role }: TProps & { role: TDomainRole }) {
  const trpc = useTRPC();
  const agents = useQuery(trpc.agents.list.queryOptions({ domainId }));
  return (
    <AutomationsTable
      noun="agent"
      list={agents.data?.agents}
      error={agents.isError ? agents.error : null}
      domainName={domainName}
      role={role}
      href={(agent) => `/domains/${domainId}/agents/${agent.id}`}
      newHref={`/domains/${domainId}/agents/new`}
      emptyIcon={<AgentIcon size={22} />}
      emptyHint="Create an agent, write its procedure with the tools it may use, then publish it so callers can run it."
    />
  );
}

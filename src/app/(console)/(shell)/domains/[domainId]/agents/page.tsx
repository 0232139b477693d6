import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { AgentsList } from "@/components/agents/agents-list";
import { ButtonLink } from "@/components/authoring/button-link";
import { DomainPicker } from "@/components/authoring/domain-picker";
import { HeaderActions } from "@/components/authoring/header-actions";
import { canEditAutomation } from "@/components/authoring/permissions";
import { PageHeader } from "@/components/ui/page-header";
import { pickerDomains, requireDomain } from "@/app/(console)/(shell)/_authoring/domains";

export const metadata: Metadata = { title: "Agents" };

type TParams = { params: Promise<{ domainId: string }> };

export default async function DomainAgentsPage({ params }: TParams) {
  await requireOrganization();
  const { domainId } = await params;
  const { domain, domains } = await requireDomain(domainId);
  const queryClient = getQueryClient();
  if (domain.myRole) await queryClient.prefetchQuery(trpcServer.agents.list.queryOptions({ domainId }));
  const canEdit = canEditAutomation(domain.myRole);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Agents"
        description={`Conversational automations of ${domain.name}. Each agent is a draft you edit and publish as numbered revisions.`}
        actions={
          <HeaderActions>
            <DomainPicker domains={pickerDomains(domains)} currentId={domain.id} section="agents" />
            {canEdit ? (
              <ButtonLink href={`/domains/${domain.id}/agents/new`} variant="primary">
                New agent
              </ButtonLink>
            ) : null}
          </HeaderActions>
        }
      />
      <AgentsList domainId={domain.id} domainName={domain.name} role={domain.myRole} />
    </HydrationBoundary>
  );
}

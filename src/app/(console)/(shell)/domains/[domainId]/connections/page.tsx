import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { DomainPicker } from "@/components/authoring/domain-picker";
import { canEditAutomation } from "@/components/authoring/permissions";
import { ConnectionsView } from "@/components/connections/connections-view";
import { PageHeader } from "@/components/ui/page-header";
import { pickerDomains, requireDomain } from "@/app/(console)/(shell)/_authoring/domains";

export const metadata: Metadata = { title: "Connections" };

export default async function DomainConnectionsPage({ params }: { params: Promise<{ domainId: string }> }) {
  await requireOrganization();
  const { domain, domains } = await requireDomain((await params).domainId);
  const queryClient = getQueryClient();
  if (canEditAutomation(domain.myRole)) {
    await Promise.all([
      queryClient.prefetchQuery(trpcServer.connections.list.queryOptions({ domainId: domain.id })),
      queryClient.prefetchQuery(trpcServer.integrations.list.queryOptions({})),
    ]);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Connections"
        description={`The accounts ${domain.name}'s agents use at external systems when they act as the organization.`}
        actions={<DomainPicker domains={pickerDomains(domains)} currentId={domain.id} section="connections" />}
      />
      <ConnectionsView domainId={domain.id} domainName={domain.name} role={domain.myRole} />
    </HydrationBoundary>
  );
}

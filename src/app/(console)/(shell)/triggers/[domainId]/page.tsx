import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { DomainPicker } from "@/components/authoring/domain-picker";
import { TriggersView } from "@/components/triggers/triggers-view";
import { PageHeader } from "@/components/ui/page-header";
import { pickerDomains, requireDomain } from "@/app/(console)/(shell)/_authoring/domains";

export const metadata: Metadata = { title: "Triggers" };

export default async function DomainTriggersPage({ params }: { params: Promise<{ domainId: string }> }) {
  await requireOrganization();
  const { domain, domains } = await requireDomain((await params).domainId);
  const queryClient = getQueryClient();
  if (domain.myRole) {
    await Promise.all([
      queryClient.prefetchQuery(trpcServer.triggers.list.queryOptions({ domainId: domain.id })),
      queryClient.prefetchQuery(trpcServer.triggers.subscribable.queryOptions({ domainId: domain.id })),
    ]);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Triggers"
        description={`Schedules, API calls and events that fan out to ${domain.name}'s published agents and flows.`}
        actions={<DomainPicker domains={pickerDomains(domains)} currentId={domain.id} section="triggers" />}
      />
      <TriggersView domainId={domain.id} domainName={domain.name} role={domain.myRole} />
    </HydrationBoundary>
  );
}

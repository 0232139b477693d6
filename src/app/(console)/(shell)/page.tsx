import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { DomainOverview } from "@/components/overview/domain-overview";
import { GettingStarted } from "@/components/overview/getting-started";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const { organization } = await requireOrganization();
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.tenancy.listDomains.queryOptions());
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Overview"
        description={`First steps in ${organization.name}, its domains and your role in each of them.`}
      />
      <GettingStarted />
      <div style={{ height: 24 }} />
      <DomainOverview organizationRole={organization.role} />
    </HydrationBoundary>
  );
}

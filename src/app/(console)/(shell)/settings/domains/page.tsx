import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { DomainsView } from "@/components/team-domains/domains-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Domains" };

export default async function DomainsPage() {
  const { organization } = await requireOrganization();
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.teamDomains.list.queryOptions());
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Domains"
        description={`Domains divide ${organization.name} into areas with their own agents, flows, connections and people. A person's role in a domain decides what they may do there.`}
      />
      <DomainsView />
    </HydrationBoundary>
  );
}

import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { BasesTable } from "@/components/knowledge/bases-table";
import { KnowledgeTabs } from "@/components/knowledge/knowledge-tabs";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Knowledge" };

export default async function KnowledgePage() {
  const { organization } = await requireOrganization();
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.knowledge.listBases.queryOptions());
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Knowledge"
        description={`Articles agents of ${organization.name} can search with #service.knowledge.search, once published.`}
      />
      <KnowledgeTabs current="bases" />
      <BasesTable />
    </HydrationBoundary>
  );
}

import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { ApiKeysView } from "@/components/api-keys/api-keys-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const { organization } = await requireOrganization();
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.apiKeys.list.queryOptions());
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="API keys"
        description={`Personal keys act as you in ${organization.name} and work until you revoke them. Use them for servers and scripts that call the API.`}
      />
      <ApiKeysView />
    </HydrationBoundary>
  );
}

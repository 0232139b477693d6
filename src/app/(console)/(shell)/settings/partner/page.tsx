import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { PartnerSettings } from "@/components/partner/partner-settings";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Partner" };

export default async function PartnerSettingsPage() {
  const { organization } = await requireOrganization();
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.partnerEntitlements.console.overview.queryOptions());
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Partner"
        description={`What the partner platform of ${organization.name} has enabled, and the sessions shared with its support.`}
      />
      <PartnerSettings />
    </HydrationBoundary>
  );
}

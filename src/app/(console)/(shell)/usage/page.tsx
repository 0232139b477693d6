import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { utcDay } from "@/components/usage/format";
import { UsageView } from "@/components/usage/usage-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Usage" };

/** The last 30 UTC days by default; chosen on the server so the first paint and the prefetch agree. */
export default async function UsagePage() {
  const { organization } = await requireOrganization();
  const now = new Date();
  const initialRange = { from: utcDay(now, 29), to: utcDay(now) };
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.usage.get.queryOptions(initialRange));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader title="Usage" description={`Runs, failures, approvals, tokens and cost of ${organization.name}'s agents and flows, day by day.`} />
      <UsageView initialRange={initialRange} />
    </HydrationBoundary>
  );
}

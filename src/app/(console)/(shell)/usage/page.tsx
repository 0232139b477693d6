import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { utcDay } from "@/components/usage/format";
import { filtersFromParams, usageRequest } from "@/components/usage/usage-params";
import { UsageView } from "@/components/usage/usage-view";
import { ZGetUsageRequest } from "@/contracts/usage/get-usage";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Usage" };

/** The last 30 UTC days by default; chosen on the server so the first paint and the prefetch agree. */
export default async function UsagePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { organization } = await requireOrganization();
  const now = new Date();
  const initialRange = { from: utcDay(now, 29), to: utcDay(now) };
  // The filters live in the URL: prefetch what the link asks for, so a reload paints the same charts.
  const requested = ZGetUsageRequest.safeParse(usageRequest(filtersFromParams(await searchParams, initialRange)));
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.usage.get.queryOptions(requested.success ? requested.data : initialRange));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Usage"
        description={`Runs, failures, approvals, tokens and cost of ${organization.name}'s agents and flows, day by day.`}
      />
      <UsageView initialRange={initialRange} />
    </HydrationBoundary>
  );
}

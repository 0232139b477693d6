import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { BudgetView } from "@/components/budget/budget-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Model budget" };

export default async function BudgetPage() {
  const { organization } = await requireOrganization();
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(trpcServer.budget.get.queryOptions()),
    queryClient.prefetchQuery(trpcServer.usage.monthSpend.queryOptions()),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Model budget"
        description={`Monthly limits on what the agents of ${organization.name} may spend on LLM providers.`}
      />
      <BudgetView />
    </HydrationBoundary>
  );
}

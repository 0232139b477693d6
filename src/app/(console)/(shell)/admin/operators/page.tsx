import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { OperatorsView } from "@/components/admin/operators-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperator } from "@/app/(console)/(shell)/admin/_lib/require-operator";

export const metadata: Metadata = { title: "Operators" };

export default async function OperatorsPage() {
  const viewer = await requireOperator();
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.admin.listOperators.queryOptions());
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Admin"
        description="Run this instance: the partner platforms that resell the service, and the people who operate it."
      />
      <AdminTabs current="operators" />
      <OperatorsView myUserId={viewer.user.id} />
    </HydrationBoundary>
  );
}

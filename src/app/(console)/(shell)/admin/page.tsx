import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { EventTriggerRollout } from "@/components/admin/event-trigger-rollout";
import { PlatformsView } from "@/components/admin/platforms-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperator } from "./_lib/require-operator";

export const metadata: Metadata = { title: "Admin" };

export default async function AdminPage() {
  await requireOperator();
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(trpcServer.admin.listPlatforms.queryOptions()),
    queryClient.prefetchQuery(trpcServer.admin.getEventTriggerRollout.queryOptions()),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Admin"
        description="Run this instance: the partner platforms that resell the service, the people who operate it, and which organizations have event triggers."
      />
      <AdminTabs current="platforms" />
      <PlatformsView />
      <div style={{ marginTop: 24 }}>
        <EventTriggerRollout />
      </div>
    </HydrationBoundary>
  );
}

import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { MembersView } from "@/components/members/members-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const { organization } = await requireOrganization();
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.members.list.queryOptions());
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Members"
        description={`The people of ${organization.name}: their roles, the domains they work in, and invitations still waiting.`}
      />
      <MembersView />
    </HydrationBoundary>
  );
}

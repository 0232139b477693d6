import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { auditRequest, filtersFromParams } from "@/components/audit/audit-params";
import { AuditView } from "@/components/audit/audit-view";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { organization } = await requireOrganization();
  const header = (
    <PageHeader
      title="Audit log"
      description={`Who changed what in ${organization.name}: members, domains, keys, connections, agents, flows, triggers and settings.`}
    />
  );
  if (organization.role !== "OWNER" && organization.role !== "ADMIN") {
    return (
      <>
        {header}
        <Alert tone="warning" title="Only Owners and Admins can see the audit log">
          Ask an Owner or Admin of {organization.name} if you need to know who changed something.
        </Alert>
      </>
    );
  }
  // The filters live in the URL: prefetch what the link asks for, so a reload paints the same entries.
  const request = auditRequest(filtersFromParams(await searchParams));
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(trpcServer.audit.actors.queryOptions()),
    queryClient.prefetchInfiniteQuery(
      trpcServer.audit.list.infiniteQueryOptions(request, { getNextPageParam: (page) => page.nextCursor }),
    ),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      {header}
      <AuditView />
    </HydrationBoundary>
  );
}

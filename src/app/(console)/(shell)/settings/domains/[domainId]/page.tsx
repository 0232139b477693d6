import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { ForbiddenPage } from "@/app/(console)/(shell)/_authoring/forbidden-page";
import { loadOrNotFound } from "@/app/(console)/(shell)/_authoring/load";
import { isUuid } from "@/contracts/common/ids";
import { BackLink } from "@/components/authoring/back-link";
import { DomainDetailView } from "@/components/team-domains/domain-detail-view";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";

type TParams = { params: Promise<{ domainId: string }> };

export const metadata: Metadata = { title: "Domain" };

export default async function DomainSettingsPage({ params }: TParams) {
  await requireOrganization();
  const { domainId } = await params;
  // A malformed id names nothing: the page's 404, as for an unknown one.
  if (!isUuid(domainId)) notFound();
  const queryClient = getQueryClient();
  const loaded = await loadOrNotFound(() =>
    queryClient.fetchQuery(trpcServer.teamDomains.listMembers.queryOptions({ domainId })),
  );
  if (!loaded.ok) {
    return <ForbiddenPage title="Domain" backHref="/settings/domains" backLabel="Domains" message={loaded.message} />;
  }
  const { domain } = loaded.data;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <BackLink href="/settings/domains">Domains</BackLink>
      <PageHeader
        title={domain.name}
        description="Who is in this domain, and what each person may do there."
        actions={domain.archivedAt ? <Badge tone="muted">Archived</Badge> : null}
      />
      <DomainDetailView domainId={domain.id} />
    </HydrationBoundary>
  );
}

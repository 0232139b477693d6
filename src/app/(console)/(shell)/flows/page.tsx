import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { ButtonLink } from "@/components/authoring/button-link";
import { HeaderActions } from "@/components/authoring/header-actions";
import { NoDomains } from "@/components/authoring/no-domains";
import { canEditAutomation } from "@/components/authoring/permissions";
import { DomainPicker } from "@/components/authoring/domain-picker";
import { FlowsList } from "@/components/flows/flows-list";
import { PageHeader } from "@/components/ui/page-header";
import { loadDomains, pickerDomains } from "@/app/(console)/(shell)/_authoring/domains";

export const metadata: Metadata = { title: "Flows" };

type TProps = { searchParams: Promise<{ domain?: string }> };

/** Flows of one domain: the one named by ?domain=, else the first the person belongs to. */
export default async function FlowsPage({ searchParams }: TProps) {
  await requireOrganization();
  const { domain: wanted } = await searchParams;
  const domains = await loadDomains();
  const domain =
    domains.find((candidate) => candidate.id === wanted) ?? domains.find((candidate) => candidate.myRole) ?? domains[0];
  if (!domain) {
    return (
      <>
        <PageHeader title="Flows" />
        <NoDomains />
      </>
    );
  }
  const queryClient = getQueryClient();
  if (domain.myRole) await queryClient.prefetchQuery(trpcServer.flows.list.queryOptions({ domainId: domain.id }));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Flows"
        description={`Deterministic step graphs of ${domain.name}, published as numbered revisions.`}
        actions={
          <HeaderActions>
            <DomainPicker domains={pickerDomains(domains)} currentId={domain.id} section="flows" />
            {canEditAutomation(domain.myRole) ? (
              <ButtonLink href={`/flows/new?domain=${domain.id}`} variant="primary">
                New flow
              </ButtonLink>
            ) : null}
          </HeaderActions>
        }
      />
      <FlowsList domainId={domain.id} domainName={domain.name} role={domain.myRole} />
    </HydrationBoundary>
  );
}

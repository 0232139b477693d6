import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { BackLink } from "@/components/authoring/back-link";
import { FlowEditor } from "@/components/flows/flow-editor";
import { FlowStatus } from "@/components/flows/flow-status";
import { PageHeader } from "@/components/ui/page-header";
import { loadDomains } from "@/app/(console)/(shell)/_authoring/domains";
import { ForbiddenPage } from "@/app/(console)/(shell)/_authoring/forbidden-page";
import { loadOrNotFound } from "@/app/(console)/(shell)/_authoring/load";

type TParams = { params: Promise<{ flowId: string }> };

export async function generateMetadata({ params }: TParams): Promise<Metadata> {
  const { flowId } = await params;
  try {
    return { title: (await getQueryClient().fetchQuery(trpcServer.flows.get.queryOptions({ id: flowId }))).flow.name };
  } catch {
    return { title: "Flow" };
  }
}

export default async function FlowPage({ params }: TParams) {
  await requireOrganization();
  const { flowId } = await params;
  const loaded = await loadOrNotFound(() =>
    getQueryClient().fetchQuery(trpcServer.flows.get.queryOptions({ id: flowId })),
  );
  if (!loaded.ok) return <ForbiddenPage title="Flow" backHref="/flows" backLabel="Flows" message={loaded.message} />;
  const { flow } = loaded.data;
  const domain = (await loadDomains()).find((candidate) => candidate.id === flow.domainId);
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.flows.listRevisions.queryOptions({ id: flow.id }));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <BackLink href={`/flows?domain=${flow.domainId}`}>{`Flows of ${domain?.name ?? "the domain"}`}</BackLink>
      <PageHeader
        title={flow.name}
        description={flow.description ?? undefined}
        actions={<FlowStatus flowId={flow.id} initialRevision={flow.publishedRevision} />}
      />
      <FlowEditor flowId={flow.id} role={domain?.myRole ?? null} />
    </HydrationBoundary>
  );
}

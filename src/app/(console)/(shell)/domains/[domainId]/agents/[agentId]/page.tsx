import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { AgentEditor } from "@/components/agents/agent-editor";
import { AgentStatus } from "@/components/agents/agent-status";
import { BackLink } from "@/components/authoring/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { requireDomain } from "@/app/(console)/(shell)/_authoring/domains";
import { ForbiddenPage } from "@/app/(console)/(shell)/_authoring/forbidden-page";
import { loadOrNotFound } from "@/app/(console)/(shell)/_authoring/load";

type TParams = { params: Promise<{ domainId: string; agentId: string }> };

export async function generateMetadata({ params }: TParams): Promise<Metadata> {
  const { agentId } = await params;
  try {
    return {
      title: (await getQueryClient().fetchQuery(trpcServer.agents.get.queryOptions({ id: agentId }))).agent.name,
    };
  } catch {
    return { title: "Agent" };
  }
}

export default async function AgentPage({ params }: TParams) {
  await requireOrganization();
  const { domainId, agentId } = await params;
  const { domain } = await requireDomain(domainId);
  const loaded = await loadOrNotFound(() =>
    getQueryClient().fetchQuery(trpcServer.agents.get.queryOptions({ id: agentId })),
  );
  if (!loaded.ok)
    return (
      <ForbiddenPage
        title="Agent"
        backHref={`/domains/${domain.id}/agents`}
        backLabel={`Agents of ${domain.name}`}
        message={loaded.message}
      />
    );
  const { agent } = loaded.data;
  // An agent opened under another domain's URL: send the person to the right one.
  if (agent.domainId !== domain.id) redirect(`/domains/${agent.domainId}/agents/${agent.id}`);
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.agents.listRevisions.queryOptions({ id: agent.id }));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <BackLink href={`/domains/${domain.id}/agents`}>{`Agents of ${domain.name}`}</BackLink>
      <PageHeader
        title={agent.name}
        description={agent.description ?? undefined}
        actions={<AgentStatus agentId={agent.id} initialRevision={agent.publishedRevision} />}
      />
      <AgentEditor agentId={agent.id} domainId={domain.id} role={domain.myRole} />
    </HydrationBoundary>
  );
}

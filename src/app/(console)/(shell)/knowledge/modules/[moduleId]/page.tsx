import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { BackLink } from "@/components/authoring/back-link";
import { ModuleArticles } from "@/components/knowledge/module-articles";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { loadDomains } from "@/app/(console)/(shell)/_authoring/domains";
import { ForbiddenPage } from "@/app/(console)/(shell)/_authoring/forbidden-page";
import { loadOrNotFound } from "@/app/(console)/(shell)/_authoring/load";

type TParams = { params: Promise<{ moduleId: string }> };

export async function generateMetadata({ params }: TParams): Promise<Metadata> {
  try {
    return {
      title: (
        await getQueryClient().fetchQuery(trpcServer.knowledge.getModule.queryOptions({ id: (await params).moduleId }))
      ).name,
    };
  } catch {
    return { title: "Knowledge module" };
  }
}

export default async function ModulePage({ params }: TParams) {
  await requireOrganization();
  const { moduleId } = await params;
  const loaded = await loadOrNotFound(() =>
    getQueryClient().fetchQuery(trpcServer.knowledge.getModule.queryOptions({ id: moduleId })),
  );
  if (!loaded.ok)
    return (
      <ForbiddenPage
        title="Knowledge module"
        backHref="/knowledge/modules"
        backLabel="Modules"
        message={loaded.message}
      />
    );
  const knowledgeModule = loaded.data;
  const domainName = knowledgeModule.domainId
    ? (await loadDomains()).find((domain) => domain.id === knowledgeModule.domainId)?.name
    : undefined;
  return (
    <HydrationBoundary state={dehydrate(getQueryClient())}>
      <BackLink href="/knowledge/modules">Modules</BackLink>
      <PageHeader
        title={knowledgeModule.name}
        description={knowledgeModule.description ?? undefined}
        actions={
          knowledgeModule.kind === "org" ? (
            <Badge tone="brand">Organization module</Badge>
          ) : (
            <Badge tone="neutral">{domainName ? `Domain module · ${domainName}` : "Domain module"}</Badge>
          )
        }
      />
      <ModuleArticles moduleId={knowledgeModule.id} />
    </HydrationBoundary>
  );
}

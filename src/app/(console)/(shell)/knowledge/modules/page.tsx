import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { ButtonLink } from "@/components/authoring/button-link";
import { canManageKnowledge, isOrgAdmin } from "@/components/authoring/permissions";
import { KnowledgeTabs } from "@/components/knowledge/knowledge-tabs";
import { ModulesTable } from "@/components/knowledge/modules-table";
import { PageHeader } from "@/components/ui/page-header";
import { loadDomains } from "@/app/(console)/(shell)/_authoring/domains";

export const metadata: Metadata = { title: "Knowledge modules" };

export default async function KnowledgeModulesPage() {
  const { organization } = await requireOrganization();
  const queryClient = getQueryClient();
  const [domains] = await Promise.all([
    loadDomains(),
    queryClient.prefetchQuery(trpcServer.knowledge.listModules.queryOptions()),
  ]);
  const canCreate = isOrgAdmin(organization.role) || domains.some((domain) => canManageKnowledge(domain.myRole));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Knowledge"
        description={`Articles agents of ${organization.name} can search with #service.knowledge.search, once published.`}
        actions={
          canCreate ? (
            <ButtonLink href="/knowledge/modules/new" variant="primary">
              New module
            </ButtonLink>
          ) : undefined
        }
      />
      <KnowledgeTabs current="modules" />
      <ModulesTable canCreate={canCreate} />
    </HydrationBoundary>
  );
}

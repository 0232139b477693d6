import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { ButtonLink } from "@/components/authoring/button-link";
import { isOrgAdmin } from "@/components/authoring/permissions";
import { listInput } from "@/components/integrations/integration-kind";
import { IntegrationsBrowser } from "@/components/integrations/integrations-browser";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Integrations" };

type TProps = { searchParams: Promise<{ q?: string | string[] }> };

export default async function IntegrationsPage({ searchParams }: TProps) {
  const { organization } = await requireOrganization();
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(trpcServer.integrations.list.queryOptions(listInput(q)));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PageHeader
        title="Integrations"
        description="The tools agents can use. Write a tool's reference (#…) in a procedure; built-ins come with the service, custom ones are imported by your organization."
        actions={
          isOrgAdmin(organization.role) ? (
            <ButtonLink href="/integrations/import" variant="primary">
              Add from OpenAPI
            </ButtonLink>
          ) : undefined
        }
      />
      <IntegrationsBrowser initialQuery={q} />
    </HydrationBoundary>
  );
}

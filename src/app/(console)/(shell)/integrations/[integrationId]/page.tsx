import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { BackLink } from "@/components/authoring/back-link";
import { isOrgAdmin } from "@/components/authoring/permissions";
import { IntegrationDetail } from "@/components/integrations/integration-detail";
import { PageHeader } from "@/components/ui/page-header";
import { findAppError } from "@/server/errors";

type TParams = { params: Promise<{ integrationId: string }> };

/** Integration ids contain dots, never slashes or percent signs; a malformed segment names nothing. */
function idFrom(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function loadIntegration(id: string) {
  try {
    return await getQueryClient().fetchQuery(trpcServer.integrations.get.queryOptions({ id }));
  } catch (error) {
    const code = findAppError(error)?.code;
    if (code === "NOT_FOUND" || code === "VALIDATION") notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: TParams): Promise<Metadata> {
  try {
    const id = idFrom((await params).integrationId);
    return { title: (await getQueryClient().fetchQuery(trpcServer.integrations.get.queryOptions({ id }))).name };
  } catch {
    return { title: "Integration" };
  }
}

export default async function IntegrationPage({ params }: TParams) {
  const { organization } = await requireOrganization();
  const integration = await loadIntegration(idFrom((await params).integrationId));
  return (
    <HydrationBoundary state={dehydrate(getQueryClient())}>
      <BackLink href="/integrations">Integrations</BackLink>
      <PageHeader title={integration.name} description={integration.description} />
      <IntegrationDetail integrationId={integration.id} canAdminister={isOrgAdmin(organization.role)} />
    </HydrationBoundary>
  );
}

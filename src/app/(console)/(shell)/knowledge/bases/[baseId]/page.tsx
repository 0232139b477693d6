import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { BackLink } from "@/components/authoring/back-link";
import { BaseArticles } from "@/components/knowledge/base-articles";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { ForbiddenPage } from "@/app/(console)/(shell)/_authoring/forbidden-page";
import { loadOrNotFound } from "@/app/(console)/(shell)/_authoring/load";

type TParams = { params: Promise<{ baseId: string }> };

export async function generateMetadata({ params }: TParams): Promise<Metadata> {
  try {
    return {
      title: (
        await getQueryClient().fetchQuery(
          trpcServer.knowledge.listArticles.queryOptions({ baseId: (await params).baseId }),
        )
      ).base.name,
    };
  } catch {
    return { title: "Knowledge base" };
  }
}

export default async function BasePage({ params }: TParams) {
  await requireOrganization();
  const { baseId } = await params;
  const loaded = await loadOrNotFound(() =>
    getQueryClient().fetchQuery(trpcServer.knowledge.listArticles.queryOptions({ baseId })),
  );
  if (!loaded.ok)
    return (
      <ForbiddenPage title="Knowledge base" backHref="/knowledge" backLabel="Knowledge" message={loaded.message} />
    );
  const { base } = loaded.data;
  return (
    <HydrationBoundary state={dehydrate(getQueryClient())}>
      <BackLink href="/knowledge">Knowledge</BackLink>
      <PageHeader
        title={base.name}
        description={
          base.scope === "org"
            ? "The organization's base: every member can read it; owners and admins edit it."
            : "A domain's base: its members read it; owners and editors of the domain edit it."
        }
        actions={base.scope === "org" ? <Badge tone="brand">Organization</Badge> : <Badge tone="neutral">Domain</Badge>}
      />
      <BaseArticles baseId={base.id} />
    </HydrationBoundary>
  );
}

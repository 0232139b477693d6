import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { requireOrganization } from "@/app/_lib/viewer";
import { BackLink } from "@/components/authoring/back-link";
import { ArticleEditor } from "@/components/knowledge/article-editor";
import { PageHeader } from "@/components/ui/page-header";
import { ForbiddenPage } from "@/app/(console)/(shell)/_authoring/forbidden-page";
import { loadOrNotFound } from "@/app/(console)/(shell)/_authoring/load";

type TParams = { params: Promise<{ articleId: string }> };

export async function generateMetadata({ params }: TParams): Promise<Metadata> {
  try {
    return {
      title: (
        await getQueryClient().fetchQuery(
          trpcServer.knowledge.getArticle.queryOptions({ id: (await params).articleId }),
        )
      ).title,
    };
  } catch {
    return { title: "Article" };
  }
}

export default async function ArticlePage({ params }: TParams) {
  await requireOrganization();
  const { articleId } = await params;
  const loaded = await loadOrNotFound(() =>
    getQueryClient().fetchQuery(trpcServer.knowledge.getArticle.queryOptions({ id: articleId })),
  );
  if (!loaded.ok)
    return <ForbiddenPage title="Article" backHref="/knowledge" backLabel="Knowledge" message={loaded.message} />;
  const article = loaded.data;
  return (
    <HydrationBoundary state={dehydrate(getQueryClient())}>
      <BackLink href={`/knowledge/bases/${article.baseId}`}>Articles</BackLink>
      <PageHeader
        title={article.title}
        description="Edit the draft, then publish it. Search and agents read only the published copy."
      />
      <ArticleEditor articleId={article.id} />
    </HydrationBoundary>
  );
}

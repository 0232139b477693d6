"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TGetModuleResponse } from "@/contracts/knowledge/get-module";
import { LibraryIcon } from "@/components/authoring/icons";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import table from "@/components/ui/table.module.css";
import { AddArticle } from "./add-article";
import { ArticleStatus } from "./article-status";
import styles from "./knowledge.module.css";
import authoring from "@/components/authoring/authoring.module.css";

/** A module's articles, with Add (published, compatible articles only) and Remove. */
export function ModuleArticles({ moduleId }: { moduleId: string }) {
  const trpc = useTRPC();
  const knowledgeModule = useQuery(trpc.knowledge.getModule.queryOptions({ id: moduleId }));
  if (knowledgeModule.isError) {
    return (
      <Alert tone="error" title="The module could not be loaded">
        {errorMessage(knowledgeModule.error)}
      </Alert>
    );
  }
  const data = knowledgeModule.data;
  if (!data) return <p className={authoring.loading}>Loading the module…</p>;
  return (
    <div className={styles.stack}>
      {data.canManage ? <AddArticle knowledgeModule={data} /> : null}
      <MembersTable knowledgeModule={data} />
    </div>
  );
}

function MembersTable({ knowledgeModule }: { knowledgeModule: TGetModuleResponse }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.knowledge.removeArticleFromModule.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.knowledge.getModule.queryKey({ id: knowledgeModule.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.knowledge.listModules.queryKey() }),
        ]),
    }),
  );
  if (knowledgeModule.articles.length === 0) {
    return (
      <Card>
        <EmptyState icon={<LibraryIcon size={22} />} title="No articles in this module">
          {knowledgeModule.canManage
            ? "Add a published article above."
            : "Someone who manages this module can add published articles."}
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title="Articles in this module" flush>
      {remove.isError ? (
        <div className={styles.cardAlert}>
          <Alert tone="error" title="The article was not removed">
            {errorMessage(remove.error)}
          </Alert>
        </div>
      ) : null}
      <div className={table.wrap}>
        <table className={table.table} aria-label="Module articles">
          <thead>
            <tr>
              <th scope="col">Article</th>
              <th scope="col">Status</th>
              <th scope="col">Added</th>
              {knowledgeModule.canManage ? (
                <th scope="col" className={table.actions}>
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {knowledgeModule.articles.map((article) => (
              <tr key={article.membershipId}>
                <td>
                  <Link href={`/knowledge/articles/${article.articleId}`} className={authoring.rowLink}>
                    {article.title}
                  </Link>
                </td>
                <td>
                  {article.status === "published" ? (
                    <ArticleStatus status="published" hasUnpublishedChanges={false} />
                  ) : (
                    <Badge tone="danger">Unpublished: not searchable</Badge>
                  )}
                </td>
                <td className={table.muted}>
                  <DateTime value={article.addedAt} />
                </td>
                {knowledgeModule.canManage ? (
                  <td className={table.actions}>
                    <Button
                      size="small"
                      variant="dangerOutline"
                      aria-label={`Remove ${article.title}`}
                      busy={remove.isPending && remove.variables?.articleId === article.articleId}
                      onClick={() => remove.mutate({ moduleId: knowledgeModule.id, articleId: article.articleId })}
                    >
                      Remove
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

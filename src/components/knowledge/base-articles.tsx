"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZArticleTitle } from "@/contracts/knowledge/knowledge-article";
import { LibraryIcon } from "@/components/authoring/icons";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { TextField } from "@/components/ui/text-field";
import { ArticleStatus } from "./article-status";
import styles from "./knowledge.module.css";
import authoring from "@/components/authoring/authoring.module.css";
import { firstFieldError } from "@/components/authoring/errors";

/** A new article starts as a draft with only a title; the editor it opens is where it is written. */
function NewArticleForm({ baseId }: { baseId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.knowledge.createArticle.mutationOptions({
      onSuccess: async (article) => {
        await queryClient.invalidateQueries({ queryKey: trpc.knowledge.listArticles.queryKey({ baseId }) });
        router.push(`/knowledge/articles/${article.id}`);
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZArticleTitle.safeParse(title);
    if (!parsed.success) {
      setError(firstFieldError(parsed.error, "Title"));
      return;
    }
    setError(null);
    create.mutate({ baseId, title: parsed.data });
  }

  return (
    <Card title="New article" description="Created as a draft: nobody finds it until you publish it.">
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.inlineForm}>
          <TextField
            className={styles.inlineField}
            label="Title"
            name="title"
            value={title}
            autoComplete="off"
            placeholder="e.g. Refund policy"
            hint="Up to 240 characters."
            error={error}
            onChange={(event) => {
              setTitle(event.target.value);
              if (error) setError(null);
            }}
          />
          <Button
            type="submit"
            variant="primary"
            className={styles.inlineButton}
            busy={create.isPending || create.isSuccess}
          >
            Create and edit
          </Button>
        </div>
        {create.isError ? (
          <div className={styles.formError}>
            <Alert tone="error" title="The article was not created">
              {errorMessage(create.error)}
            </Alert>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

export function BaseArticles({ baseId }: { baseId: string }) {
  const trpc = useTRPC();
  const articles = useQuery(trpc.knowledge.listArticles.queryOptions({ baseId }));
  if (articles.isError) {
    return (
      <Alert tone="error" title="The articles could not be loaded">
        {errorMessage(articles.error)}
      </Alert>
    );
  }
  const list = articles.data?.articles;
  const canManage = articles.data?.base.canManage ?? false;
  return (
    <div className={styles.stack}>
      {canManage ? <NewArticleForm baseId={baseId} /> : null}
      {list && list.length === 0 ? (
        <Card>
          <EmptyState icon={<LibraryIcon size={22} />} title="No articles yet">
            {canManage
              ? "Create the first article above, then publish it so agents can find it."
              : "Nobody has written an article in this base yet."}
          </EmptyState>
        </Card>
      ) : (
        <Card title="Articles" description={canManage ? undefined : "You can read this base but not change it."} flush>
          <div className={table.wrap}>
            <table className={table.table} aria-label="Articles" aria-busy={!list || undefined}>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Status</th>
                  <th scope="col">Published</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {list ? (
                  list.map((article) => (
                    <tr key={article.id}>
                      <td>
                        <Link href={`/knowledge/articles/${article.id}`} className={authoring.rowLink}>
                          {article.title}
                        </Link>
                      </td>
                      <td>
                        <ArticleStatus status={article.status} hasUnpublishedChanges={article.hasUnpublishedChanges} />
                      </td>
                      <td className={table.muted}>
                        <DateTime value={article.publishedAt} fallback="Never" />
                      </td>
                      <td className={table.muted}>
                        <DateTime value={article.updatedAt} />
                      </td>
                    </tr>
                  ))
                ) : (
                  <TableSkeleton columns={4} />
                )}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </div>
  );
}

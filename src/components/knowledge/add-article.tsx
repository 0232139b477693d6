"use client";

import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TGetModuleResponse } from "@/contracts/knowledge/get-module";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import styles from "./knowledge.module.css";

/**
 * Offers only what the module accepts (spec 4.4): published articles of the organization's base,
 * and for a domain module also of its domain's base. Anything else would be a 409.
 */
export function AddArticle({ knowledgeModule }: { knowledgeModule: TGetModuleResponse }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const bases = useQuery(trpc.knowledge.listBases.queryOptions());
  const compatible = (bases.data?.bases ?? []).filter(
    (base) => base.scope === "org" || (knowledgeModule.kind === "domain" && base.domainId === knowledgeModule.domainId),
  );
  const articleLists = useQueries({
    queries: compatible.map((base) => trpc.knowledge.listArticles.queryOptions({ baseId: base.id })),
  });
  const members = new Set(knowledgeModule.articles.map((article) => article.articleId));
  const groups = compatible.map((base, index) => ({
    base,
    articles: (articleLists[index]?.data?.articles ?? []).filter(
      (article) => article.status === "published" && !members.has(article.id),
    ),
  }));
  const loading = bases.isPending || articleLists.some((list) => list.isPending);
  const offered = groups.flatMap((group) => group.articles);
  const [articleId, setArticleId] = useState("");
  const selected = offered.some((article) => article.id === articleId) ? articleId : (offered[0]?.id ?? "");
  const add = useMutation(
    trpc.knowledge.addArticleToModule.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.knowledge.getModule.queryKey({ id: knowledgeModule.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.knowledge.listModules.queryKey() }),
        ]),
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (selected) add.mutate({ moduleId: knowledgeModule.id, articleId: selected });
  }

  const rule =
    knowledgeModule.kind === "org"
      ? "An organization module takes published articles of the organization's base."
      : "A domain module takes published articles of its domain's base and of the organization's base.";
  return (
    <Card title="Add an article" description={`${rule} Drafts appear here once they are published.`}>
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.inlineForm}>
          <SelectField
            className={styles.inlineField}
            label="Article"
            name="articleId"
            value={selected}
            disabled={!offered.length}
            onChange={(event) => {
              setArticleId(event.target.value);
              add.reset();
            }}
          >
            {offered.length === 0 ? (
              <option value="">{loading ? "Loading articles…" : "No published article left to add"}</option>
            ) : null}
            {groups.map((group) =>
              group.articles.length ? (
                <optgroup key={group.base.id} label={group.base.name}>
                  {group.articles.map((article) => (
                    <option key={article.id} value={article.id}>
                      {article.title}
                    </option>
                  ))}
                </optgroup>
              ) : null,
            )}
          </SelectField>
          <Button
            type="submit"
            variant="primary"
            className={styles.inlineButton}
            busy={add.isPending}
            disabled={!selected}
          >
            Add to module
          </Button>
        </div>
        {add.isError ? (
          <div className={styles.formError}>
            <Alert tone="error" title="The article was not added">
              {errorMessage(add.error)}
            </Alert>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { useTRPC, useTRPCClient } from "@/client/trpc";
import {
  ARTICLE_BODY_MAX,
  ZArticleDraftBody,
  ZArticleTitle,
  type TKnowledgeArticleDetail,
} from "@/contracts/knowledge/knowledge-article";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { useUnsavedChangesGuard } from "@/components/authoring/use-unsaved-changes-guard";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { ArticleSidebar } from "./article-sidebar";
import styles from "./knowledge.module.css";
import authoring from "@/components/authoring/authoring.module.css";
import { firstFieldError } from "@/components/authoring/errors";

type TAction = "save" | "publish" | "unpublish";
type TNotice = { tone: "success" | "error"; title: string; text: string } | null;

const DONE: Record<TAction, TNotice> = {
  save: {
    tone: "success",
    title: "Draft saved",
    text: "Search and agents still see the published copy until you publish again.",
  },
  publish: { tone: "success", title: "Published", text: "Search and agents now find this version of the article." },
  unpublish: {
    tone: "success",
    title: "Unpublished",
    text: "Search and agents no longer find the article. The draft is kept; publish it to bring it back.",
  },
};

export function ArticleEditor({ articleId }: { articleId: string }) {
  const trpc = useTRPC();
  const article = useQuery(trpc.knowledge.getArticle.queryOptions({ id: articleId }));
  if (article.isError) {
    return (
      <Alert tone="error" title="The article could not be loaded">
        {errorMessage(article.error)}
      </Alert>
    );
  }
  if (!article.data) return <p className={authoring.loading}>Loading the article…</p>;
  return <ArticleForm key={article.data.id} article={article.data} />;
}

/** Title and draft body; Publish copies the draft to the published copy (saving first). */
function ArticleForm({ article }: { article: TKnowledgeArticleDetail }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(article.title);
  const [body, setBody] = useState(article.draftBody ?? "");
  const [saved, setSaved] = useState({ title: article.title, body: article.draftBody ?? "" });
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});
  const [busy, setBusy] = useState<TAction | null>(null);
  const [notice, setNotice] = useState<TNotice>(null);
  const dirty = title !== saved.title || body !== saved.body;

  useUnsavedChangesGuard(dirty);

  async function saveDraft(): Promise<boolean> {
    const parsedTitle = ZArticleTitle.safeParse(title);
    const parsedBody = ZArticleDraftBody.safeParse(body);
    if (!parsedTitle.success || !parsedBody.success) {
      setErrors({
        title: parsedTitle.error && firstFieldError(parsedTitle.error, "Title"),
        body: parsedBody.error && firstFieldError(parsedBody.error, "Body"),
      });
      return false;
    }
    setErrors({});
    await client.knowledge.updateDraft.mutate({ id: article.id, title: parsedTitle.data, draftBody: body });
    setSaved({ title: parsedTitle.data, body });
    setTitle(parsedTitle.data);
    return true;
  }

  // Detached by the form and its buttons (React does not await an event handler); its catch shows a failure.
  async function run(action: TAction) {
    setBusy(action);
    setNotice(null);
    try {
      if ((action === "save" || (action === "publish" && dirty)) && !(await saveDraft())) return;
      if (action === "publish") await client.knowledge.publishArticle.mutate({ id: article.id });
      if (action === "unpublish") await client.knowledge.unpublishArticle.mutate({ id: article.id });
      setNotice(DONE[action]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.knowledge.getArticle.queryKey({ id: article.id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.knowledge.listArticles.queryKey({ baseId: article.baseId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.knowledge.listBases.queryKey() }),
      ]);
    } catch (error) {
      setNotice({
        tone: "error",
        title:
          action === "save" ? "The draft was not saved" : action === "publish" ? "Not published" : "Not unpublished",
        text: errorMessage(error),
      });
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    detach(run("save"), "article editor: save");
  }

  const canManage = article.canManage;
  return (
    <div className={styles.editor}>
      <Card
        title="Draft"
        description={
          canManage
            ? "Edit freely: saving never changes what search and agents see."
            : "You can read this article but not change it."
        }
      >
        <form onSubmit={onSubmit} noValidate className={styles.articleForm} aria-label="Article draft">
          <TextField
            label="Title"
            name="title"
            value={title}
            readOnly={!canManage}
            error={errors.title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <TextAreaField
            label="Body"
            name="draftBody"
            value={body}
            rows={16}
            readOnly={!canManage}
            max={ARTICLE_BODY_MAX}
            hint="Plain text. Search ranks matches in the title above matches in the body."
            error={errors.body}
            onChange={(event) => setBody(event.target.value)}
          />
          {notice ? (
            <Alert tone={notice.tone} title={notice.title}>
              {notice.text}
            </Alert>
          ) : null}
          {canManage ? (
            <div className={styles.saveBar}>
              <span className={styles.saveState}>{dirty ? "Unsaved changes" : "Draft saved"}</span>
              {article.status === "published" ? (
                <Button
                  variant="dangerOutline"
                  busy={busy === "unpublish"}
                  disabled={busy !== null}
                  onClick={() => detach(run("unpublish"), "article editor: unpublish")}
                >
                  Unpublish
                </Button>
              ) : null}
              <Button type="submit" busy={busy === "save"} disabled={busy !== null || !dirty}>
                Save draft
              </Button>
              <Button
                variant="primary"
                busy={busy === "publish"}
                disabled={busy !== null || (!dirty && article.status === "published" && !article.hasUnpublishedChanges)}
                onClick={() => detach(run("publish"), "article editor: publish")}
              >
                {article.status === "published" ? "Publish changes" : "Publish"}
              </Button>
            </div>
          ) : null}
        </form>
      </Card>
      <ArticleSidebar article={article} dirty={dirty} />
    </div>
  );
}

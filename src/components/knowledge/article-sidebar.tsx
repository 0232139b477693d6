import Link from "next/link";
import type { TKnowledgeArticleDetail } from "@/contracts/knowledge/knowledge-article";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { ArticleStatus } from "./article-status";
import styles from "./knowledge.module.css";
import authoring from "@/components/authoring/authoring.module.css";

/** Where the article stands: what search sees now, and which modules hold it. */
export function ArticleSidebar({ article, dirty }: { article: TKnowledgeArticleDetail; dirty: boolean }) {
  const pending = article.status === "published" && (article.hasUnpublishedChanges || dirty);
  return (
    <div className={styles.aside}>
      <Card title="Publication">
        <div className={styles.publication} data-testid="publication">
          <ArticleStatus status={article.status} hasUnpublishedChanges={article.hasUnpublishedChanges} />
          {article.status === "draft" ? (
            <p className={authoring.help}>
              Not published: search and agents cannot find it, and it cannot join a module yet.
            </p>
          ) : (
            <p className={authoring.help}>
              Published <DateTime value={article.publishedAt} />.{" "}
              {pending
                ? "That published copy stays live until you publish again; your draft changes are not visible yet."
                : "Search and agents see this version."}
            </p>
          )}
          {pending && article.publishedTitle !== null ? (
            <details className={styles.publishedCopy}>
              <summary>Show the published copy</summary>
              <p className={styles.publishedTitle}>{article.publishedTitle}</p>
              <pre className={styles.publishedBody}>{article.publishedBody || "(empty body)"}</pre>
            </details>
          ) : null}
        </div>
      </Card>
      <Card title="Modules">
        {article.modules.length ? (
          <ul className={styles.moduleList} aria-label="Modules holding this article">
            {article.modules.map((knowledgeModule) => (
              <li key={knowledgeModule.id}>
                <Link href={`/knowledge/modules/${knowledgeModule.id}`}>{knowledgeModule.name}</Link>
                <Badge tone={knowledgeModule.kind === "org" ? "brand" : "neutral"}>
                  {knowledgeModule.kind === "org" ? "Organization" : "Domain"}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className={authoring.help}>Not in any module. Agents that select modules will not find it.</p>
        )}
      </Card>
    </div>
  );
}

import type { TKnowledgeArticle, TKnowledgeArticleSummary } from "@/contracts/knowledge/knowledge-article";
import type { TKnowledgeModule, TKnowledgeModuleArticle } from "@/contracts/knowledge/knowledge-module";
import type { KnowledgeModuleKind } from "@/server/db/generated/enums";

/** Public shapes of knowledge rows (never a raw Prisma row). */

export const MODULE_SELECT = {
  id: true,
  kind: true,
  domainId: true,
  name: true,
  description: true,
  createdAt: true,
} as const;
export const ARTICLE_SELECT = {
  id: true,
  baseId: true,
  title: true,
  draftBody: true,
  publishedAt: true,
  createdAt: true,
} as const;
export const ARTICLE_SUMMARY_SELECT = {
  id: true,
  baseId: true,
  title: true,
  publishedAt: true,
  createdAt: true,
  updatedAt: true,
} as const;
export const MEMBERSHIP_SELECT = { id: true, moduleId: true, articleId: true, createdAt: true } as const;

type TModuleRow = {
  id: string;
  kind: KnowledgeModuleKind;
  domainId: string | null;
  name: string;
  description: string | null;
  createdAt: Date;
};
type TArticleRow = {
  id: string;
  baseId: string;
  title: string;
  draftBody: string | null;
  publishedAt: Date | null;
  createdAt: Date;
};
type TArticleSummaryRow = {
  id: string;
  baseId: string;
  title: string;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const moduleKind = (kind: KnowledgeModuleKind) => (kind === "ORG" ? "org" : "domain");
export const articleStatus = (publishedAt: Date | null) => (publishedAt ? "published" : "draft");

/**
 * Publishing stamps updatedAt and publishedAt with the same instant, so any later draft edit
 * (which moves updatedAt) shows as unpublished changes without comparing megabyte bodies.
 */
export function hasUnpublishedChanges(row: { publishedAt: Date | null; updatedAt: Date }): boolean {
  return !row.publishedAt || row.updatedAt.getTime() > row.publishedAt.getTime();
}

export function toModule(row: TModuleRow): TKnowledgeModule {
  return {
    id: row.id,
    kind: moduleKind(row.kind),
    domainId: row.domainId,
    name: row.name,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toArticle(row: TArticleRow): TKnowledgeArticle {
  return {
    id: row.id,
    baseId: row.baseId,
    title: row.title,
    draftBody: row.draftBody,
    status: articleStatus(row.publishedAt),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toArticleSummary(row: TArticleSummaryRow): TKnowledgeArticleSummary {
  return {
    id: row.id,
    baseId: row.baseId,
    title: row.title,
    status: articleStatus(row.publishedAt),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    hasUnpublishedChanges: hasUnpublishedChanges(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMembership(row: {
  id: string;
  moduleId: string;
  articleId: string;
  createdAt: Date;
}): TKnowledgeModuleArticle {
  return { id: row.id, moduleId: row.moduleId, articleId: row.articleId, createdAt: row.createdAt.toISOString() };
}

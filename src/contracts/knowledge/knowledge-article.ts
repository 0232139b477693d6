import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";

export const ARTICLE_TITLE_MAX = 240;
export const ARTICLE_BODY_MAX = 2_000_000;

export const ZArticleTitle = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .max(ARTICLE_TITLE_MAX, `must be at most ${ARTICLE_TITLE_MAX} characters`);
export const ZArticleDraftBody = z
  .string()
  .max(ARTICLE_BODY_MAX, `must be at most ${ARTICLE_BODY_MAX} characters`)
  .nullable()
  .meta({ description: "The draft text (not trimmed). Search and agents see only the published copy." });

export const ZArticleStatus = z.enum(["draft", "published"]).meta({
  description: "`published` while a published copy exists (search sees that copy); `draft` otherwise.",
});

/** An article as the authoring routes return it: the editable draft plus its publication state. */
export const ZKnowledgeArticle = z
  .object({
    id: z.uuid(),
    baseId: z.uuid(),
    title: z.string().meta({ description: "The draft title." }),
    draftBody: z.string().nullable(),
    status: ZArticleStatus,
    publishedAt: ZIsoDateTime.nullable(),
    createdAt: ZIsoDateTime,
  })
  .meta({ id: "KnowledgeArticle" });

/** A list row: no bodies, which may be megabytes each. */
export const ZKnowledgeArticleSummary = z.object({
  id: z.uuid(),
  baseId: z.uuid(),
  title: z.string(),
  status: ZArticleStatus,
  publishedAt: ZIsoDateTime.nullable(),
  /** The draft was edited after the last publish (or never published). */
  hasUnpublishedChanges: z.boolean(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});

/** The console's full view: draft, published copy, and the modules holding the article. */
export const ZKnowledgeArticleDetail = ZKnowledgeArticle.extend({
  publishedTitle: z.string().nullable(),
  publishedBody: z.string().nullable(),
  hasUnpublishedChanges: z.boolean(),
  updatedAt: ZIsoDateTime,
  canManage: z.boolean(),
  modules: z.array(z.object({ id: z.uuid(), name: z.string(), kind: z.enum(["domain", "org"]) })),
});

export type TKnowledgeArticle = z.infer<typeof ZKnowledgeArticle>;
export type TKnowledgeArticleSummary = z.infer<typeof ZKnowledgeArticleSummary>;
export type TKnowledgeArticleDetail = z.infer<typeof ZKnowledgeArticleDetail>;

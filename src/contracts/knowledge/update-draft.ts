import { z } from "zod";
import { ZPathId } from "./knowledge-base";
import { ZArticleDraftBody, ZArticleTitle, ZKnowledgeArticleSummary } from "./knowledge-article";

/** Omitted fields are unchanged. Never touches the published copy. */
export const ZUpdateDraftRequest = z.strictObject({
  id: ZPathId,
  title: ZArticleTitle.optional(),
  draftBody: ZArticleDraftBody.optional(),
});

export const ZUpdateDraftResponse = ZKnowledgeArticleSummary;

export type TUpdateDraftRequest = z.infer<typeof ZUpdateDraftRequest>;

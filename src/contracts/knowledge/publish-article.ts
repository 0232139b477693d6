import { z } from "zod";
import { ZPathId } from "./knowledge-base";
import { ZKnowledgeArticleSummary } from "./knowledge-article";

/** Copies the current draft to the published copy (again, if already published). */
export const ZPublishArticleRequest = z.strictObject({ id: ZPathId });
export const ZPublishArticleResponse = ZKnowledgeArticleSummary;

export type TPublishArticleRequest = z.infer<typeof ZPublishArticleRequest>;

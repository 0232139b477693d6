import { z } from "zod";
import { ZPathId } from "./knowledge-base";
import { ZKnowledgeArticleSummary } from "./knowledge-article";

/** Removes the published copy: search stops finding the article; the draft is kept. */
export const ZUnpublishArticleRequest = z.strictObject({ id: ZPathId });
export const ZUnpublishArticleResponse = ZKnowledgeArticleSummary;

export type TUnpublishArticleRequest = z.infer<typeof ZUnpublishArticleRequest>;

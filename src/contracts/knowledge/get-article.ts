import { z } from "zod";
import { ZPathId } from "./knowledge-base";
import { ZKnowledgeArticleDetail } from "./knowledge-article";

export const ZGetArticleRequest = z.strictObject({ id: ZPathId });
export const ZGetArticleResponse = ZKnowledgeArticleDetail;

export type TGetArticleRequest = z.infer<typeof ZGetArticleRequest>;

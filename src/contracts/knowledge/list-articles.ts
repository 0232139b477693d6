import { z } from "zod";
import { ZPathId } from "./knowledge-base";
import { ZKnowledgeArticleSummary } from "./knowledge-article";

export const ZListArticlesRequest = z.strictObject({ baseId: ZPathId });

export const ZListArticlesResponse = z.object({
  base: z.object({
    id: z.uuid(),
    scope: z.enum(["org", "domain"]),
    domainId: z.uuid().nullable(),
    name: z.string(),
    canManage: z.boolean(),
  }),
  articles: z.array(ZKnowledgeArticleSummary),
});

export type TListArticlesRequest = z.infer<typeof ZListArticlesRequest>;
export type TListArticlesResponse = z.infer<typeof ZListArticlesResponse>;

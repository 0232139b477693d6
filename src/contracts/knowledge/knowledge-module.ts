import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";

export const MODULE_NAME_MAX = 200;
export const MODULE_DESCRIPTION_MAX = 10_000;

export const ZKnowledgeModuleKind = z.enum(["domain", "org"]).meta({
  description:
    "`domain`: belongs to one domain and takes articles from that domain's base and the organization's base. `org`: takes articles from the organization's base only.",
});

export const ZKnowledgeModule = z
  .object({
    id: z.uuid(),
    kind: ZKnowledgeModuleKind,
    domainId: z.uuid().nullable().meta({ description: "The module's domain; null for organization modules." }),
    name: z.string(),
    description: z.string().nullable(),
    createdAt: ZIsoDateTime,
  })
  .meta({ id: "KnowledgeModule" });

export const ZKnowledgeModuleArticle = z
  .object({
    id: z.uuid().meta({ description: "The membership's own id." }),
    moduleId: z.uuid(),
    articleId: z.uuid(),
    createdAt: ZIsoDateTime.meta({ description: "When the article was added to the module." }),
  })
  .meta({ id: "KnowledgeModuleArticle" });

export type TKnowledgeModule = z.infer<typeof ZKnowledgeModule>;
export type TKnowledgeModuleArticle = z.infer<typeof ZKnowledgeModuleArticle>;

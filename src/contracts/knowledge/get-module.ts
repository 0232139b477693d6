import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";
import { ZPathId } from "./knowledge-base";
import { ZArticleStatus } from "./knowledge-article";
import { ZKnowledgeModuleSummary } from "./list-modules";

export const ZGetModuleRequest = z.strictObject({ id: ZPathId });

export const ZGetModuleResponse = ZKnowledgeModuleSummary.extend({
  articles: z.array(
    z.object({
      membershipId: z.uuid(),
      articleId: z.uuid(),
      baseId: z.uuid(),
      /** The published title when there is one (what search shows), else the draft title. */
      title: z.string(),
      status: ZArticleStatus,
      addedAt: ZIsoDateTime,
    }),
  ),
});

export type TGetModuleRequest = z.infer<typeof ZGetModuleRequest>;
export type TGetModuleResponse = z.infer<typeof ZGetModuleResponse>;

import { z } from "zod";
import { ZKnowledgeModule } from "./knowledge-module";

export const ZKnowledgeModuleSummary = ZKnowledgeModule.extend({
  articleCount: z.number().int(),
  /** Whether the caller may add and remove this module's articles. */
  canManage: z.boolean(),
});

/** Organization modules, then the modules of the domains the caller belongs to. */
export const ZListModulesResponse = z.object({ modules: z.array(ZKnowledgeModuleSummary) });

export type TKnowledgeModuleSummary = z.infer<typeof ZKnowledgeModuleSummary>;
export type TListModulesResponse = z.infer<typeof ZListModulesResponse>;

import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZPathId } from "./knowledge-base";

export const ZRemoveArticleFromModuleRequest = z.strictObject({ moduleId: ZPathId, articleId: ZUuid });

/** `removed: false` when the article was not in the module (removing is idempotent). */
export const ZRemoveArticleFromModuleResponse = z.object({ removed: z.boolean() });

export type TRemoveArticleFromModuleRequest = z.infer<typeof ZRemoveArticleFromModuleRequest>;

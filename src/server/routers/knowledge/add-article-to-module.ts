import {
  addArticleToModuleMeta,
  ZAddArticleToModuleRequest,
  ZAddArticleToModuleResponse,
  type TAddArticleToModuleRequest,
} from "@/contracts/knowledge/add-article-to-module";
import { addArticleToModule as addArticleToModuleService } from "@/server/services/knowledge/add-article-to-module";
import { userTokenProcedure } from "@/server/trpc/procedures";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/**
 * The operation, behind both doors: this route and the partner tenant route (routers/tenant/knowledge.ts).
 * Adding twice answers the existing membership, so the route needs no Idempotency-Key.
 */
export const addArticleToModuleCall = ({ ctx, input }: { ctx: TUserCallContext; input: TAddArticleToModuleRequest }) =>
  addArticleToModuleService(ctx.actor, input);

/** POST /api/v1/authoring/knowledge-modules/{moduleId}/articles (same contract and service as its console twin, console/add-article-to-module.ts). */
export const addArticleToModule = userTokenProcedure
  .meta(addArticleToModuleMeta)
  .input(ZAddArticleToModuleRequest)
  .output(ZAddArticleToModuleResponse)
  .mutation(addArticleToModuleCall);

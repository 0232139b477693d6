import type { TRemoveArticleFromModuleRequest } from "@/contracts/knowledge/remove-article-from-module";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { assertCanManageScope, findModule } from "./knowledge-access";

/** Takes an article out of a module (the article itself stays); idempotent. */
export async function removeArticleFromModule(
  actor: TUserActor,
  { moduleId, articleId }: TRemoveArticleFromModuleRequest,
) {
  const knowledgeModule = await findModule(actor, moduleId);
  await assertCanManageScope(actor, knowledgeModule);
  const { count } = await db().knowledgeModuleArticle.deleteMany({
    where: { moduleId: knowledgeModule.id, articleId },
  });
  return { removed: count > 0 };
}

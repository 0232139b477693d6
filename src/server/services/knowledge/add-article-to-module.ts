import type { TAddArticleToModuleRequest } from "@/contracts/knowledge/add-article-to-module";
import type { TKnowledgeModuleArticle } from "@/contracts/knowledge/knowledge-module";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { assertCanManageScope, findArticle, findModule } from "./knowledge-access";
import { MEMBERSHIP_SELECT, toMembership } from "./to-knowledge";

/**
 * Membership rules: every module takes articles of the organization's base; a domain module
 * also takes those of its own domain's base; nothing else. Only published articles join.
 * Adding an article twice answers with the existing membership (retries are safe).
 */
export async function addArticleToModule(
  actor: TUserActor,
  { moduleId, articleId }: TAddArticleToModuleRequest,
): Promise<TKnowledgeModuleArticle> {
  const knowledgeModule = await findModule(actor, moduleId);
  const article = await findArticle(actor, articleId);
  await assertCanManageScope(actor, knowledgeModule);
  const articleDomainId = article.base.domainId;
  const compatible =
    articleDomainId === null || (knowledgeModule.kind === "DOMAIN" && articleDomainId === knowledgeModule.domainId);
  if (!compatible) {
    const rule =
      knowledgeModule.kind === "ORG"
        ? "An organization module takes articles of the organization's knowledge base only."
        : "A domain module takes articles of its own domain's knowledge base and of the organization's base only.";
    throw new AppError("CONFLICT", `This article cannot join this module. ${rule}`, {
      details: { reason: "incompatible", moduleId, articleId },
    });
  }
  if (!article.publishedAt) {
    throw new AppError("CONFLICT", "Only published articles can join a module; publish the article first.", {
      details: { reason: "unpublished", moduleId, articleId },
    });
  }
  // Insert-or-keep on the (moduleId, articleId) key: concurrent adds cannot fail or duplicate.
  await db().knowledgeModuleArticle.createMany({
    data: [{ moduleId: knowledgeModule.id, articleId: article.id, addedById: actor.userId }],
    skipDuplicates: true,
  });
  const membership = await db().knowledgeModuleArticle.findUniqueOrThrow({
    where: { moduleId_articleId: { moduleId: knowledgeModule.id, articleId: article.id } },
    select: MEMBERSHIP_SELECT,
  });
  return toMembership(membership);
}

import {
  addArticleToModuleMeta,
  ZAddArticleToModuleRequest,
  ZAddArticleToModuleResponse,
} from "@/contracts/knowledge/add-article-to-module";
import { createArticleMeta, ZCreateArticleRequest, ZCreateArticleResponse } from "@/contracts/knowledge/create-article";
import { createModuleMeta, ZCreateModuleRequest, ZCreateModuleResponse } from "@/contracts/knowledge/create-module";
import { ZGetArticleRequest, ZGetArticleResponse } from "@/contracts/knowledge/get-article";
import { ZGetModuleRequest, ZGetModuleResponse } from "@/contracts/knowledge/get-module";
import type { TKnowledgeArticleSummary } from "@/contracts/knowledge/knowledge-article";
import { ZPublishArticleRequest, ZPublishArticleResponse } from "@/contracts/knowledge/publish-article";
import {
  ZRemoveArticleFromModuleRequest,
  ZRemoveArticleFromModuleResponse,
} from "@/contracts/knowledge/remove-article-from-module";
import { ZUnpublishArticleRequest, ZUnpublishArticleResponse } from "@/contracts/knowledge/unpublish-article";
import { ZUpdateDraftRequest, ZUpdateDraftResponse } from "@/contracts/knowledge/update-draft";
import {
  getKnowledgeArticleMeta,
  getKnowledgeModuleMeta,
  listKnowledgeArticlesMeta,
  listKnowledgeBasesMeta,
  listKnowledgeModulesMeta,
  publishKnowledgeArticleMeta,
  removeArticleFromModuleMeta,
  unpublishKnowledgeArticleMeta,
  updateKnowledgeArticleMeta,
  ZListTenantArticlesRequest,
  ZListTenantArticlesResponse,
  ZListTenantBasesResponse,
  ZListTenantModulesResponse,
  ZTenantKnowledgeListRequest,
} from "@/contracts/partner/tenant-knowledge";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import { getArticle } from "@/server/services/knowledge/get-article";
import { getModule } from "@/server/services/knowledge/get-module";
import { listArticles } from "@/server/services/knowledge/list-articles";
import { listBases } from "@/server/services/knowledge/list-bases";
import { listModules } from "@/server/services/knowledge/list-modules";
import { publishArticle } from "@/server/services/knowledge/publish-article";
import { removeArticleFromModule } from "@/server/services/knowledge/remove-article-from-module";
import { unpublishArticle } from "@/server/services/knowledge/unpublish-article";
import { updateDraft } from "@/server/services/knowledge/update-draft";
import { router } from "@/server/trpc/init";
import { tenantRoute } from "@/server/trpc/tenant-route";
import { addArticleToModuleCall } from "@/server/routers/knowledge/add-article-to-module";
import { createArticleCall } from "@/server/routers/knowledge/create-article";
import { createModuleCall } from "@/server/routers/knowledge/create-module";

/**
 * Spec 4.4 at /organizations/{orgId}/authoring/knowledge-...: the three v1 creates (same contracts
 * and operations), and the console's reads and edits with its schemas and services, as the subject.
 */
export const tenantKnowledgeRouter = router({
  listBases: tenantRoute(
    listKnowledgeBasesMeta,
    ZTenantKnowledgeListRequest,
    ZListTenantBasesResponse,
    ({ ctx, input }) => listBases(ctx.actor, input),
  ),
  listArticles: tenantRoute(
    listKnowledgeArticlesMeta,
    ZListTenantArticlesRequest,
    ZListTenantArticlesResponse,
    ({ ctx, input: { limit, cursor, ...input } }) => listArticles(ctx.actor, input, { limit, cursor }),
  ),
  getArticle: tenantRoute(getKnowledgeArticleMeta, ZGetArticleRequest, ZGetArticleResponse, ({ ctx, input }) =>
    getArticle(ctx.actor, input),
  ),
  createArticle: tenantRoute(createArticleMeta, ZCreateArticleRequest, ZCreateArticleResponse, createArticleCall),
  updateArticle: tenantRoute(updateKnowledgeArticleMeta, ZUpdateDraftRequest, ZUpdateDraftResponse, ({ ctx, input }) =>
    updateDraft(ctx.actor, input),
  ),
  publishArticle: tenantRoute(
    publishKnowledgeArticleMeta,
    ZPublishArticleRequest,
    ZPublishArticleResponse,
    ({ ctx, input }) =>
      answerIdempotently<TKnowledgeArticleSummary>(ctx, {
        orgId: ctx.actor.orgId,
        scope: `authoring.articles.publish:${input.id}:${ctx.actor.userId}`,
        request: input,
        status: 200,
        execute: (record) => publishArticle(ctx.actor, input, record),
      }),
  ),
  unpublishArticle: tenantRoute(
    unpublishKnowledgeArticleMeta,
    ZUnpublishArticleRequest,
    ZUnpublishArticleResponse,
    ({ ctx, input }) => unpublishArticle(ctx.actor, input),
  ),
  listModules: tenantRoute(
    listKnowledgeModulesMeta,
    ZTenantKnowledgeListRequest,
    ZListTenantModulesResponse,
    ({ ctx, input }) => listModules(ctx.actor, input),
  ),
  getModule: tenantRoute(getKnowledgeModuleMeta, ZGetModuleRequest, ZGetModuleResponse, ({ ctx, input }) =>
    getModule(ctx.actor, input),
  ),
  createModule: tenantRoute(createModuleMeta, ZCreateModuleRequest, ZCreateModuleResponse, createModuleCall),
  addArticleToModule: tenantRoute(
    addArticleToModuleMeta,
    ZAddArticleToModuleRequest,
    ZAddArticleToModuleResponse,
    addArticleToModuleCall,
  ),
  removeArticleFromModule: tenantRoute(
    removeArticleFromModuleMeta,
    ZRemoveArticleFromModuleRequest,
    ZRemoveArticleFromModuleResponse,
    ({ ctx, input }) => removeArticleFromModule(ctx.actor, input),
  ),
});

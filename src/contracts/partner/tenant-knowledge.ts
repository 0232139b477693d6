import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZListArticlesRequest, ZListArticlesResponse } from "@/contracts/knowledge/list-articles";
import { ZListBasesResponse } from "@/contracts/knowledge/list-bases";
import { ZListModulesResponse } from "@/contracts/knowledge/list-modules";
import { TENANT_PAGE_400, TENANT_PAGE_SENTENCE, tenantPaged, tenantPageQuery } from "./tenant-page";

/**
 * Spec 4.4 on the partner tenant surface (issue 40): the knowledge reads and edits the console
 * offers, for the subject, with the console's own schemas (src/contracts/knowledge/*). The three
 * creates are the v1 contracts themselves. Paths extend the v1 tree under /authoring.
 */

const BASE_ID = "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f";
const DOMAIN_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const ARTICLE_ID = "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e";
const MODULE_ID = "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b";
const AT = "2026-03-14T09:30:00.000Z";
const LATER = "2026-03-15T10:00:00.000Z";

const ARTICLE_SUMMARY_EXAMPLE = {
  id: ARTICLE_ID,
  baseId: BASE_ID,
  title: "Refund policy",
  status: "published",
  publishedAt: LATER,
  hasUnpublishedChanges: false,
  createdAt: AT,
  updatedAt: LATER,
};

const MODULE_SUMMARY_EXAMPLE = {
  id: MODULE_ID,
  kind: "domain",
  domainId: DOMAIN_ID,
  name: "Support triage",
  description: "What the front-office agents may read.",
  createdAt: AT,
  articleCount: 1,
  canManage: true,
};

const MANAGE =
  "The subject lacks `manage_knowledge` in the base's domain (domain Editor or Owner), or organization Owner or Admin for the organization's base (FORBIDDEN).";
const MANAGE_MODULE =
  "The subject lacks `manage_knowledge` in the module's domain (domain Editor or Owner), or organization Owner or Admin for an organization module (FORBIDDEN).";

const VIEW = "The subject is no member of the domain it belongs to (FORBIDDEN).";
const NOT_FOUND_BASE = "No knowledge base with this id in the customer (NOT_FOUND).";
const NOT_FOUND_ARTICLE = "No knowledge article with this id in the customer (NOT_FOUND).";
const NOT_FOUND_MODULE = "No knowledge module with this id in the customer (NOT_FOUND).";

/** A list takes the page parameters only: the subject's visibility decides what it sees. */
export const ZTenantKnowledgeListRequest = z.strictObject({ ...tenantPageQuery });
export const ZListTenantArticlesRequest = ZListArticlesRequest.extend(tenantPageQuery);
export const ZListTenantBasesResponse = tenantPaged(ZListBasesResponse);
export const ZListTenantArticlesResponse = tenantPaged(ZListArticlesResponse);
export const ZListTenantModulesResponse = tenantPaged(ZListModulesResponse);

export const listKnowledgeBasesMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      bases: [
        {
          id: BASE_ID,
          scope: "org",
          domainId: null,
          name: "Organization knowledge",
          articleCount: 3,
          publishedCount: 2,
          canManage: false,
          createdAt: AT,
        },
      ],
      nextCursor: null,
    },
  },
  method: "GET",
  path: "/authoring/knowledge-bases",
  summary: "List the knowledge bases",
  description: `The organization's base first, then the bases of the domains the subject belongs to, each with its article counts and whether the subject may create, edit and publish articles in it (\`canManage\`). ${TENANT_PAGE_SENTENCE}`,
  tags: ["Knowledge"],
  security: [],
  errors: { 400: TENANT_PAGE_400 },
});

export const listKnowledgeArticlesMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      base: { id: BASE_ID, scope: "domain", domainId: DOMAIN_ID, name: "Front office", canManage: true },
      articles: [ARTICLE_SUMMARY_EXAMPLE],
      nextCursor: null,
    },
  },
  method: "GET",
  path: "/authoring/knowledge-bases/{baseId}/articles",
  summary: "List a knowledge base's articles",
  description: `Every article of the base, drafts included, newest first, without bodies (read one article for them). ${TENANT_PAGE_SENTENCE} A domain base needs the subject's membership in its domain.`,
  tags: ["Knowledge"],
  security: [],
  errors: { 400: TENANT_PAGE_400, 403: VIEW, 404: NOT_FOUND_BASE },
});

export const getKnowledgeArticleMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      id: ARTICLE_ID,
      baseId: BASE_ID,
      title: "Refund policy",
      draftBody: "Refunds are processed within 5 business days.",
      status: "published",
      publishedAt: LATER,
      createdAt: AT,
      publishedTitle: "Refund policy",
      publishedBody: "Refunds are processed within 5 business days.",
      hasUnpublishedChanges: false,
      updatedAt: LATER,
      canManage: true,
      modules: [{ id: MODULE_ID, name: "Support triage", kind: "domain" }],
    },
  },
  method: "GET",
  path: "/authoring/knowledge-articles/{id}",
  summary: "Read a knowledge article",
  description:
    "The draft, the published copy (what search and agents read; null while unpublished) and the modules holding the article.",
  tags: ["Knowledge"],
  security: [],
  errors: { 403: VIEW, 404: NOT_FOUND_ARTICLE },
});

export const updateKnowledgeArticleMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    request: { title: "Refund policy", draftBody: "Refunds are processed within 3 business days." },
    response: { ...ARTICLE_SUMMARY_EXAMPLE, hasUnpublishedChanges: true, updatedAt: "2026-03-16T08:00:00.000Z" },
  },
  method: "PATCH",
  path: "/authoring/knowledge-articles/{id}",
  summary: "Edit a knowledge article's draft",
  description:
    "Omitted fields are unchanged. Only the draft changes: search and agents keep reading the published copy until the article is published again.",
  tags: ["Knowledge"],
  security: [],
  errors: {
    400: "Invalid body (VALIDATION): unknown field, title outside 1-240 characters after trimming, draftBody over 2,000,000 characters.",
    403: MANAGE,
    404: NOT_FOUND_ARTICLE,
  },
});

export const publishKnowledgeArticleMeta = routeMeta({
  surface: "partner-v1",
  idempotency: "optional",
  examples: { response: ARTICLE_SUMMARY_EXAMPLE },
  method: "POST",
  path: "/authoring/knowledge-articles/{id}/publish",
  summary: "Publish a knowledge article",
  description:
    "Copies the current draft to the published copy that search and agents read (again, if already published). Takes no body.",
  tags: ["Knowledge"],
  security: [],
  errors: {
    403: MANAGE,
    404: NOT_FOUND_ARTICLE,
    409: "Idempotency-Key reused with another request (IDEMPOTENCY_KEY_REUSED), or its first call still running (IDEMPOTENCY_IN_PROGRESS, Retry-After: 2).",
  },
});

export const unpublishKnowledgeArticleMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: { ...ARTICLE_SUMMARY_EXAMPLE, status: "draft", publishedAt: null, hasUnpublishedChanges: true },
  },
  method: "POST",
  path: "/authoring/knowledge-articles/{id}/unpublish",
  summary: "Unpublish a knowledge article",
  description:
    "Removes the published copy: search and agents stop finding the article. The draft and the article's module memberships are kept, so publishing again restores it everywhere. Unpublishing an unpublished article changes nothing. Takes no body.",
  tags: ["Knowledge"],
  security: [],
  errors: {
    403: MANAGE,
    404: NOT_FOUND_ARTICLE,
  },
});

export const listKnowledgeModulesMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { modules: [MODULE_SUMMARY_EXAMPLE], nextCursor: null } },
  method: "GET",
  path: "/authoring/knowledge-modules",
  summary: "List the knowledge modules",
  description: `Organization modules, then the modules of the domains the subject belongs to, each by name, with its article count and whether the subject may add and remove its articles (\`canManage\`). ${TENANT_PAGE_SENTENCE}`,
  tags: ["Knowledge"],
  security: [],
  errors: { 400: TENANT_PAGE_400 },
});

export const getKnowledgeModuleMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      ...MODULE_SUMMARY_EXAMPLE,
      articles: [
        {
          membershipId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
          articleId: ARTICLE_ID,
          baseId: BASE_ID,
          title: "Refund policy",
          status: "published",
          addedAt: LATER,
        },
      ],
    },
  },
  method: "GET",
  path: "/authoring/knowledge-modules/{id}",
  summary: "Read a knowledge module",
  description: "The module and the articles it holds (their published title when there is one).",
  tags: ["Knowledge"],
  security: [],
  errors: { 403: VIEW, 404: NOT_FOUND_MODULE },
});

export const removeArticleFromModuleMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { removed: true } },
  method: "DELETE",
  path: "/authoring/knowledge-modules/{moduleId}/articles/{articleId}",
  summary: "Remove an article from a knowledge module",
  description:
    "The article stays in its base (and published); only the module stops holding it. Removing an article the module does not hold answers `removed: false`.",
  tags: ["Knowledge"],
  security: [],
  errors: {
    400: "articleId is not a UUID (VALIDATION).",
    403: MANAGE_MODULE,
    404: NOT_FOUND_MODULE,
  },
});

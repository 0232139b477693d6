import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZPathId } from "./knowledge-base";
import { ZArticleDraftBody, ZArticleTitle, ZKnowledgeArticle } from "./knowledge-article";

export const createArticleMeta = routeMeta({
  idempotency: "optional",
  surface: "v1",
  examples: {
    request: { title: "Support triage", draftBody: "Refunds are processed within 5 business days." },
    response: {
      id: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
      baseId: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
      title: "Support triage",
      draftBody: "Refunds are processed within 5 business days.",
      status: "draft",
      publishedAt: "2026-03-14T09:30:00.000Z",
      createdAt: "2026-03-14T09:30:00.000Z",
    },
  },
  method: "POST",
  path: "/authoring/knowledge-bases/{baseId}/articles",
  summary: "Create a draft knowledge article",
  description:
    "Creates a manual article in a knowledge base as an unpublished draft; search and agents see it only after it is published in the console. A domain base needs `manage_knowledge` in its domain; the organization's base needs organization Owner or Admin.",
  tags: ["Knowledge"],
  security: ["apiKey", "userToken"],
  successStatus: 201,
  errors: {
    400: "Invalid body (VALIDATION): unknown field, title outside 1-240 characters after trimming, draftBody over 2,000,000 characters.",
    403: "The caller lacks `manage_knowledge` in the base's domain, or organization administration for the organization's base (FORBIDDEN).",
    404: "Missing, invalid or expired credential, or an unknown base or one of another organization (NOT_FOUND).",
  },
});

export const ZCreateArticleRequest = z.strictObject({
  baseId: ZPathId,
  title: ZArticleTitle,
  draftBody: ZArticleDraftBody.optional(),
});

export const ZCreateArticleResponse = ZKnowledgeArticle;

export type TCreateArticleRequest = z.infer<typeof ZCreateArticleRequest>;

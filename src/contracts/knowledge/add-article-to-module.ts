import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { ZPathId } from "./knowledge-base";
import { ZKnowledgeModuleArticle } from "./knowledge-module";

export const addArticleToModuleMeta = routeMeta({
  surface: "v1",
  examples: {
    request: { articleId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9" },
    response: {
      id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
      moduleId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
      articleId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
      createdAt: "2026-03-14T09:30:00.000Z",
    },
  },
  method: "POST",
  path: "/authoring/knowledge-modules/{moduleId}/articles",
  summary: "Add a published article to a knowledge module",
  description:
    "Both must belong to the caller's organization. A domain module accepts published articles of its own domain's base and of the organization's base; an organization module accepts published articles of the organization's base only. Adding an article the module already holds answers 201 with the existing membership.",
  tags: ["Knowledge"],
  security: ["apiKey", "userToken"],
  successStatus: 201,
  errors: {
    400: "Invalid body (VALIDATION): unknown field or articleId not a UUID.",
    403: "The caller lacks `manage_knowledge` in the module's domain, or organization administration for an organization module (FORBIDDEN).",
    404: "Missing, invalid or expired credential, or an unknown module or article, or one of another organization (NOT_FOUND).",
    409: "The article is not published, or the module's membership rules do not accept it (CONFLICT; `details.reason` is `unpublished` or `incompatible`).",
  },
});

export const ZAddArticleToModuleRequest = z.strictObject({
  moduleId: ZPathId,
  articleId: ZUuid,
});

export const ZAddArticleToModuleResponse = ZKnowledgeModuleArticle;

export type TAddArticleToModuleRequest = z.infer<typeof ZAddArticleToModuleRequest>;

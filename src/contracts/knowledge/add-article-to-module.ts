import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { ZPathId } from "./knowledge-base";
import { ZKnowledgeModuleArticle } from "./knowledge-module";

export const addArticleToModuleMeta = routeMeta({
  surface: "v1",
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

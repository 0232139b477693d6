import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { MODULE_DESCRIPTION_MAX, MODULE_NAME_MAX, ZKnowledgeModule, ZKnowledgeModuleKind } from "./knowledge-module";

export const createModuleMeta = routeMeta({
  idempotency: "optional",
  surface: "v1",
  method: "POST",
  path: "/authoring/knowledge-modules",
  summary: "Create a knowledge module",
  description:
    "A module groups published articles for agents to search. A `domain` module (needs `manage_knowledge` in `domainId`) takes articles from its domain's base and the organization's base; an `org` module (needs organization Owner or Admin; `domainId` must be absent) takes articles from the organization's base.",
  tags: ["Knowledge"],
  security: ["apiKey", "userToken"],
  successStatus: 201,
  errors: {
    400: "Invalid body (VALIDATION): unknown field, bounds, `domainId` missing for a domain module or present for an organization module.",
    403: "The caller lacks `manage_knowledge` in the domain, or organization administration for an organization module (FORBIDDEN).",
    404: "Missing, invalid or expired credential, or a domain of another organization or none at all (NOT_FOUND).",
  },
});

export const ZCreateModuleRequest = z
  .strictObject({
    kind: ZKnowledgeModuleKind,
    domainId: ZUuid.optional().meta({ description: "Required for `domain` modules, forbidden for `org` modules." }),
    name: z
      .string()
      .trim()
      .min(1, "must not be blank")
      .max(MODULE_NAME_MAX, `must be at most ${MODULE_NAME_MAX} characters`),
    description: z
      .string()
      .trim()
      .max(MODULE_DESCRIPTION_MAX, `must be at most ${MODULE_DESCRIPTION_MAX} characters`)
      .nullable()
      .optional()
      .meta({ description: "Trimmed; empty or omitted means none (null)." }),
  })
  .superRefine((body, ctx) => {
    if (body.kind === "domain" && body.domainId === undefined) {
      ctx.addIssue({ code: "custom", path: ["domainId"], message: "A domain module needs its domainId" });
    }
    if (body.kind === "org" && body.domainId !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["domainId"],
        message: "An organization module belongs to no domain; omit domainId",
      });
    }
  });

export const ZCreateModuleResponse = ZKnowledgeModule;

export type TCreateModuleRequest = z.infer<typeof ZCreateModuleRequest>;

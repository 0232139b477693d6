import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { MODULE_DESCRIPTION_MAX, MODULE_NAME_MAX, ZKnowledgeModule, ZKnowledgeModuleKind } from "./knowledge-module";

export const createModuleMeta = routeMeta({
  idempotency: "optional",
  surface: "v1",
  examples: {
    request: { kind: "domain", name: "Support triage", domainId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9" },
    response: {
      id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
      kind: "domain",
      domainId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
      name: "Support triage",
      description: "Sorts incoming support tickets by urgency.",
      createdAt: "2026-03-14T09:30:00.000Z",
    },
  },
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

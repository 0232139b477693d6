import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { ZAgentPathId, ZKnowledgeMode, ZKnowledgeSelection } from "./setup";

export const KNOWLEDGE_MODULES_MAX = 100;

export const setKnowledgeSelectionMeta = routeMeta({
  surface: "v1",
  examples: {
    request: { mode: "none", moduleIds: ["7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e"] },
    response: { mode: "none", moduleIds: ["c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f"] },
  },
  method: "PUT",
  path: "/authoring/automations/{id}/knowledge-selection",
  summary: "Set an agent's knowledge selection",
  description:
    "Replaces the draft knowledge selection (published with the next revision). `none`: no knowledge; `org`: the organization's knowledge; `domain`: the agent's domain's knowledge; `modules`: the listed modules (organization modules or modules of the agent's domain). `moduleIds` is only allowed with `modules`. The answer is normalized: duplicates removed, first occurrence order kept.",
  tags: ["Authoring"],
  security: ["apiKey", "userToken"],
  errors: {
    403: "The caller's role in the agent's domain does not allow managing knowledge (FORBIDDEN).",
    404: "Missing or invalid credential, no agent with this id in the caller's organization, or a module id that is unknown or in another organization (NOT_FOUND).",
  },
});

export const ZSetKnowledgeSelectionRequest = z.strictObject({
  id: ZAgentPathId,
  mode: ZKnowledgeMode,
  moduleIds: z
    .array(ZUuid)
    .max(KNOWLEDGE_MODULES_MAX, `must have at most ${KNOWLEDGE_MODULES_MAX} entries`)
    .optional()
    .meta({ description: "Module ids for mode `modules`, up to 100; omission means none." }),
});
export type TSetKnowledgeSelectionRequest = z.infer<typeof ZSetKnowledgeSelectionRequest>;

export const ZSetKnowledgeSelectionResponse = ZKnowledgeSelection;
export type TSetKnowledgeSelectionResponse = z.infer<typeof ZSetKnowledgeSelectionResponse>;

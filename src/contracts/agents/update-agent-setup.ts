import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { SETUP_PATCH_SHAPE, ZAgentPathId, ZSetup } from "./setup";

export const updateAgentSetupMeta = routeMeta({
  surface: "v1",
  examples: {
    request: {
      principles: "Be concise and cite the ticket number.",
      procedure: "1. Read the ticket. 2. Label it urgent or routine.",
    },
    response: {
      setup: {
        principles: "Be concise and cite the ticket number.",
        procedure: "1. Read the ticket. 2. Label it urgent or routine.",
        model: "gpt-4o-mini",
        approvalTools: ["example"],
        actionClasses: {},
      },
    },
  },
  method: "PATCH",
  path: "/authoring/automations/{id}/setup",
  summary: "Patch an agent's draft Setup",
  description:
    "Changes the given Setup fields of the draft; omitted fields stay unchanged and an empty body changes nothing. Creates no revision and does not move the published revision.",
  tags: ["Authoring"],
  security: ["apiKey", "userToken"],
  errors: {
    403: "The caller's role in the agent's domain does not allow editing automations (FORBIDDEN).",
    404: "Missing or invalid credential, or no agent with this id in the caller's organization (NOT_FOUND).",
  },
});

export const ZUpdateAgentSetupRequest = z.strictObject({ id: ZAgentPathId, ...SETUP_PATCH_SHAPE });
export type TUpdateAgentSetupRequest = z.infer<typeof ZUpdateAgentSetupRequest>;

export const ZUpdateAgentSetupResponse = z.object({ setup: ZSetup }).meta({ id: "AgentSetupResponse" });
export type TUpdateAgentSetupResponse = z.infer<typeof ZUpdateAgentSetupResponse>;

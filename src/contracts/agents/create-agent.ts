import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { SETUP_PATCH_SHAPE, ZAgent } from "./setup";

export const AGENT_NAME_MAX = 120;
export const AGENT_DESCRIPTION_MAX = 2_000;

export const createAgentMeta = routeMeta({
  idempotency: "optional",
  surface: "v1",
  examples: {
    request: {
      domainId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
      name: "Support triage",
      description: "Sorts incoming support tickets by urgency.",
    },
    response: {
      id: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
      domainId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
      name: "Support triage",
      description: "Sorts incoming support tickets by urgency.",
      kind: "agent",
    },
  },
  method: "POST",
  path: "/authoring/automations",
  summary: "Create a draft agent",
  description:
    "Creates a draft agent (never a flow) in a domain where the caller may edit automations. The agent is not published; `initialSetup` sets any of the four Setup fields of the draft (defaults: empty principles and procedure, model `builtin:procedure`, which runs the procedure's tool lines, no approval tools).",
  tags: ["Authoring"],
  security: ["apiKey", "userToken"],
  successStatus: 201,
  errors: {
    403: "The caller's role in the domain does not allow editing automations (FORBIDDEN).",
    404: "Missing or invalid credential, or the domain is unknown or in another organization (NOT_FOUND).",
  },
});

export const ZAgentName = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .max(AGENT_NAME_MAX, `must be at most ${AGENT_NAME_MAX} characters`)
  .meta({ description: "Trimmed, 1-120 characters." });

export const ZAgentDescription = z
  .string()
  .trim()
  .max(AGENT_DESCRIPTION_MAX, `must be at most ${AGENT_DESCRIPTION_MAX} characters`)
  .nullable()
  .optional()
  .meta({ description: "Trimmed, at most 2,000 characters; blank or null means none." });

export const ZCreateAgentRequest = z.strictObject({
  domainId: ZUuid.meta({ description: "The domain the agent belongs to." }),
  name: ZAgentName,
  description: ZAgentDescription,
  initialSetup: z.strictObject(SETUP_PATCH_SHAPE).optional().meta({
    description: "Any of the four Setup fields of the draft (same bounds as PATCH .../setup). Not published.",
  }),
});
export type TCreateAgentRequest = z.infer<typeof ZCreateAgentRequest>;

export const ZCreateAgentResponse = ZAgent;
export type TCreateAgentResponse = z.infer<typeof ZCreateAgentResponse>;

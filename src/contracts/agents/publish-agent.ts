import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZAgentPathId, ZBeltEntry } from "./setup";

export const CHANGE_NOTE_MAX = 2_000;

export const publishAgentMeta = routeMeta({
  idempotency: "optional",
  surface: "v1",
  examples: {
    request: { changeNote: "Route refund requests to billing." },
    response: {
      revision: 1,
      belt: [{ integrationId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e", identityMode: "service" }],
    },
  },
  method: "POST",
  path: "/authoring/automations/{id}/publish",
  summary: "Publish an agent's draft",
  description:
    "Publishes the current draft (Setup, binding policies and knowledge selection) as the next numbered revision, starting at 1. When the verifier has findings nothing changes and the answer is 422 VALIDATION with `error.details.findings` (`message`, `span`, `kind`, `proposal`).",
  tags: ["Authoring"],
  security: ["apiKey", "userToken"],
  successStatus: 201,
  errors: {
    403: "The caller's role in the agent's domain does not allow editing automations (FORBIDDEN).",
    404: "Missing or invalid credential, or no agent with this id in the caller's organization (NOT_FOUND).",
    422: "The verifier found problems; `error.details.findings` lists them. The draft is unchanged and no revision is created (VALIDATION).",
  },
});

export const ZPublishAgentRequest = z.strictObject({
  id: ZAgentPathId,
  changeNote: z
    .string()
    .trim()
    .max(CHANGE_NOTE_MAX, `must be at most ${CHANGE_NOTE_MAX} characters`)
    .nullable()
    .optional()
    .meta({ description: "What changed, for the revision history. Trimmed, at most 2,000 characters." }),
});
export type TPublishAgentRequest = z.infer<typeof ZPublishAgentRequest>;

export const ZPublishAgentResponse = z
  .object({
    revision: z.int().min(1).meta({ description: "The new revision number." }),
    belt: z.array(ZBeltEntry).meta({ description: "The planned bindings derived by the service." }),
  })
  .meta({ id: "AgentPublishResult" });
export type TPublishAgentResponse = z.infer<typeof ZPublishAgentResponse>;

/** The console's publish answer: the v1 answer and the published revision it repeats, if any. */
export const ZConsolePublishResponse = z.object({
  revision: z.int().min(1),
  belt: z.array(ZBeltEntry),
  identicalTo: z.int().min(1).nullable(),
});
export type TConsolePublishResponse = z.infer<typeof ZConsolePublishResponse>;

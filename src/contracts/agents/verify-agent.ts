import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZAgentPathId } from "./setup";
import { ZVerification } from "./verification";

export const verifyAgentMeta = routeMeta({
  surface: "v1",
  examples: {
    response: {
      findings: [
        {
          kind: "unresolved_ref",
          span: { start: 1, end: 1 },
          detail: "The procedure references #crm.lookup, which is not installed.",
          proposal: "Install the CRM integration or remove the reference.",
        },
      ],
      plannedBelt: [{ integrationId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b", identityMode: "service" }],
      warnings: [
        {
          kind: "empty_belt",
          span: { start: 1, end: 1 },
          detail: "The procedure references #crm.lookup, which is not installed.",
        },
      ],
    },
  },
  method: "GET",
  path: "/authoring/automations/{id}/verify",
  summary: "Verify an agent's draft",
  description:
    "Runs the publish verifier on the draft without changing anything. Findings block publish; warnings are advisory. `plannedBelt` lists the integrations the procedure references (in first-reference order) with the identity mode each would bind with.",
  tags: ["Authoring"],
  security: ["apiKey", "userToken"],
  errors: {
    403: "The caller's role in the agent's domain does not allow editing automations (FORBIDDEN).",
    404: "Missing or invalid credential, or no agent with this id in the caller's organization (NOT_FOUND).",
  },
});

export const ZVerifyAgentRequest = z.object({ id: ZAgentPathId });
export const ZVerifyAgentResponse = ZVerification;
export type TVerifyAgentResponse = z.infer<typeof ZVerifyAgentResponse>;

import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZPartnerPathId } from "@/contracts/partner/worker-mapping";
import { ASSISTANT_401, ASSISTANT_ORG_404, ZAssistantConfig } from "./assistant-config";

export const getAssistantConfigMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      assistant_automation_id: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
      webhook: { url: "https://acme.example/hooks/agents", secret_hint: "…f3a" },
    },
  },
  method: "GET",
  path: "/organizations/{orgId}/assistant-config",
  summary: "Read a customer's assistant config",
  description: "The agent that answers every worker and the webhook, with only a hint of its secret.",
  tags: ["Assistant"],
  security: ["partnerKey"],
  successStatus: 200,
  errors: { 401: ASSISTANT_401, 404: ASSISTANT_ORG_404 },
});

export const ZGetAssistantConfigRequest = z.strictObject({ orgId: ZPartnerPathId });
export type TGetAssistantConfigRequest = z.infer<typeof ZGetAssistantConfigRequest>;

export const ZGetAssistantConfigResponse = ZAssistantConfig;

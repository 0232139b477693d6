import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { ZPartnerPathId } from "@/contracts/partner/worker-mapping";
import { ASSISTANT_401, ASSISTANT_ORG_404, ZAssistantConfig } from "./assistant-config";

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 256;

export const putAssistantConfigMeta = routeMeta({
  idempotency: "optional",
  surface: "partner-v1",
  examples: {
    request: {
      assistant_automation_id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
      webhook: { url: "https://acme.example/hooks/agents", secret: "whsec_4f8a2b9c1d7e6f3a" },
    },
    response: {
      assistant_automation_id: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
      webhook: { url: "https://acme.example/hooks/agents", secret_hint: "…f3a" },
    },
  },
  method: "PUT",
  path: "/organizations/{orgId}/assistant-config",
  summary: "Set a customer's assistant config",
  description:
    "Sets the agent that answers every worker and the webhook events are delivered to. An omitted key keeps its value; null clears it. The webhook secret is write-only: it signs deliveries and is never returned (reads show its last 4 characters). Answers the config as GET returns it. Accepts Idempotency-Key.",
  tags: ["Assistant"],
  security: ["partnerKey"],
  successStatus: 200,
  errors: {
    400: "Unknown or invalid fields, or a webhook URL the outbound guard refuses (a private, loopback or link-local address, a host that does not resolve, embedded credentials, a scheme other than http/https) (VALIDATION).",
    401: ASSISTANT_401,
    404: ASSISTANT_ORG_404,
    409: "assistant_automation_id is not a published agent of this customer (CONFLICT), or the Idempotency-Key was used with another body or its original is still running (IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_IN_PROGRESS).",
  },
});

export const ZAssistantWebhookInput = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, message: "must be an http or https URL" })
    .max(WEBHOOK_URL_MAX)
    .meta({ description: "Where events are POSTed; checked by the outbound SSRF guard now and before every attempt." }),
  secret: z
    .string()
    .min(WEBHOOK_SECRET_MIN, `must be at least ${WEBHOOK_SECRET_MIN} characters`)
    .max(WEBHOOK_SECRET_MAX, `must be at most ${WEBHOOK_SECRET_MAX} characters`)
    .meta({ description: "The HMAC-SHA256 signing key, 16-256 characters. Write-only." }),
});

export const ZPutAssistantConfigRequest = z.strictObject({
  orgId: ZPartnerPathId,
  assistant_automation_id: ZUuid.nullable()
    .optional()
    .meta({ description: "A published agent of this customer; null clears it; omitted keeps it." }),
  webhook: ZAssistantWebhookInput.nullable().optional().meta({
    description: "{ url, secret }; null removes the webhook (no further events are recorded); omitted keeps it.",
  }),
});
export type TPutAssistantConfigRequest = z.infer<typeof ZPutAssistantConfigRequest>;

export const ZPutAssistantConfigResponse = ZAssistantConfig;

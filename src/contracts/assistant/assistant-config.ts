import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

/** Errors every assistant-config and events route shares. */
export const ASSISTANT_401 = "Missing, invalid or revoked partner key, or a credential of another kind (UNAUTHORIZED).";
export const ASSISTANT_ORG_404 = "No customer organization of this platform with this id (NOT_FOUND).";

export const ZAssistantWebhookView = z
  .object({
    url: z.string().meta({ format: "uri", description: "Where events are POSTed." }),
    secret_hint: z.string().meta({
      description:
        "The last 4 characters of the signing secret, after an ellipsis; the secret itself is never returned.",
    }),
  })
  .meta({ id: "AssistantWebhook" });

export const ZAssistantConfig = z
  .object({
    assistant_automation_id: ZUuid.nullable().meta({
      description: "The published agent that answers every worker; null when none is set.",
    }),
    webhook: ZAssistantWebhookView.nullable().meta({
      description: "The webhook events are delivered to; null when none is configured (nothing is recorded then).",
    }),
  })
  .meta({ id: "AssistantConfig" });
export type TAssistantConfig = z.infer<typeof ZAssistantConfig>;

/** What the config services return (camelCase); the wire shape is mapped here. */
export type TAssistantConfigState = {
  assistantAutomationId: string | null;
  webhook: { url: string; secretHint: string } | null;
};

export function toWireAssistantConfig(state: TAssistantConfigState): TAssistantConfig {
  return {
    assistant_automation_id: state.assistantAutomationId,
    webhook: state.webhook ? { url: state.webhook.url, secret_hint: state.webhook.secretHint } : null,
  };
}

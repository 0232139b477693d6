import { router } from "@/server/trpc/init";
import { getAssistantConfig } from "./get-assistant-config";
import { listEvents } from "./list-events";
import { listWebhookDeliveries } from "./console/list-webhook-deliveries";
import { putAssistantConfig } from "./put-assistant-config";
import { redeliverWebhook } from "./console/redeliver-webhook";

export const assistantConfigRouter = router({
  // Partner API (spec 4.8).
  getAssistantConfig,
  putAssistantConfig,
  listEvents,
  // Console: the organization's webhook deliveries.
  listWebhookDeliveries,
  redeliverWebhook,
});

import {
  ZListWebhookDeliveriesRequest,
  ZListWebhookDeliveriesResponse,
} from "@/contracts/assistant/webhook-deliveries";
import { listWebhookDeliveries as listWebhookDeliveriesService } from "@/server/services/assistant/webhooks/console-deliveries";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Console: the organization's webhook deliveries with their attempts (Owners and Admins). */
export const listWebhookDeliveries = consoleProcedure
  .input(ZListWebhookDeliveriesRequest)
  .output(ZListWebhookDeliveriesResponse)
  .query(({ ctx, input }) => listWebhookDeliveriesService(ctx.actor, input));

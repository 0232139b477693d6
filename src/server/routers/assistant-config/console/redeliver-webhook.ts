import { ZRedeliverWebhookRequest, ZRedeliverWebhookResponse } from "@/contracts/assistant/webhook-deliveries";
import { redeliverWebhook as redeliverWebhookService } from "@/server/services/assistant/webhooks/console-deliveries";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Console: one manual attempt of a delivery now (Owners and Admins). */
export const redeliverWebhook = consoleProcedure
  .input(ZRedeliverWebhookRequest)
  .output(ZRedeliverWebhookResponse)
  .mutation(({ ctx, input }) => redeliverWebhookService(ctx.actor, input));

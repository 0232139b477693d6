import { z } from "zod";
import {
  ZListWebhookEventsResponse,
  ZResendWebhookEventRequest,
  ZResendWebhookEventResponse,
} from "@/contracts/webhooks/event-routes";
import { listWebhookEvents } from "@/server/services/webhook-endpoints/event-log";
import { resendWebhookEvent } from "@/server/services/webhook-endpoints/resend-event";
import { consoleProcedure } from "@/server/trpc/procedures";

// The console's twins of the v1 event log routes (cookie, tRPC only): same services, same rules.

export const consoleListEvents = consoleProcedure
  .input(z.strictObject({}))
  .output(ZListWebhookEventsResponse)
  .query(({ ctx }) => listWebhookEvents(ctx.actor, { limit: 20 }));

export const consoleResendEvent = consoleProcedure
  .input(ZResendWebhookEventRequest)
  .output(ZResendWebhookEventResponse)
  .mutation(({ ctx, input }) => resendWebhookEvent(ctx.actor, input));

import {
  getWebhookEventMeta,
  listWebhookEventsMeta,
  ZCompletionEvent,
  ZListWebhookEventsRequest,
  ZListWebhookEventsResponse,
  ZWebhookEventPath,
} from "@/contracts/webhooks/event-routes";
import { getWebhookEvent, listWebhookEvents } from "@/server/services/webhook-endpoints/event-log";
import { userKeyProcedure } from "@/server/trpc/procedures";

/** GET /api/v1/webhook-events (yk_): the event log. */
export const listEvents = userKeyProcedure
  .meta(listWebhookEventsMeta)
  .input(ZListWebhookEventsRequest)
  .output(ZListWebhookEventsResponse)
  .query(({ ctx, input }) => listWebhookEvents(ctx.actor, input));

/** GET /api/v1/webhook-events/{eventId} (yk_). */
export const getEvent = userKeyProcedure
  .meta(getWebhookEventMeta)
  .input(ZWebhookEventPath)
  .output(ZCompletionEvent)
  .query(({ ctx, input }) => getWebhookEvent(ctx.actor, input.eventId));

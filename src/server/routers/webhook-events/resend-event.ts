import {
  resendWebhookEventMeta,
  ZResendWebhookEventRequest,
  ZResendWebhookEventResponse,
} from "@/contracts/webhooks/event-routes";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import { resendWebhookEvent } from "@/server/services/webhook-endpoints/resend-event";
import { userKeyProcedure } from "@/server/trpc/procedures";

/** POST /api/v1/webhook-events/{eventId}/resend (yk_): one manual attempt to an endpoint now. */
export const resendEvent = userKeyProcedure
  .meta(resendWebhookEventMeta)
  .input(ZResendWebhookEventRequest)
  .output(ZResendWebhookEventResponse)
  .mutation(({ ctx, input }) =>
    answerIdempotently(ctx, {
      orgId: ctx.actor.orgId,
      scope: `webhook-events.resend:${ctx.actor.userId}:${input.eventId}`,
      request: input,
      status: 200,
      execute: (record) => resendWebhookEvent(ctx.actor, input, record),
    }),
  );

import { randomUUID } from "node:crypto";
import type { TResendWebhookEventRequest, TResendWebhookEventResponse } from "@/contracts/webhooks/event-routes";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { AppError } from "@/server/errors";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { enqueue } from "@/server/jobs/enqueue";
import { runManualAttempt } from "@/server/services/assistant/webhooks/attempt-delivery";
import { DELIVERY_SELECT, toDeliveryView } from "./deliveries";
import { findOwnEndpoint } from "./endpoint-access";
import { findOwnEvent } from "./event-log";

/**
 * The event's delivery to the endpoint, created if the endpoint never had it. A new delivery is
 * PENDING with its first scheduled attempt held back by one attempt lease (and its job queued for
 * then), as if that attempt were running: the manual attempt that follows settles it, and if that
 * fails the usual retry schedule takes over; a process that dies in between loses nothing.
 */
async function deliveryFor(organizationId: string, eventId: string, endpoint: { id: string; url: string }) {
  const existing = await db().webhookDelivery.findUnique({
    where: { customerEventId_endpointId: { customerEventId: eventId, endpointId: endpoint.id } },
    select: { id: true },
  });
  if (existing) return existing.id;
  const id = randomUUID();
  const startAfter = new Date(Date.now() + env.WEBHOOK_ATTEMPT_LEASE_SECONDS * 1000);
  try {
    await db().$transaction(async (tx) => {
      await tx.webhookDelivery.create({
        data: {
          id,
          organizationId,
          customerEventId: eventId,
          endpointId: endpoint.id,
          url: endpoint.url,
          nextAttemptAt: startAfter,
        },
        select: { id: true },
      });
      await enqueue(tx, { kind: "webhook-delivery", deliveryId: id }, { startAfter });
    });
    return id;
  } catch (error) {
    // Created meanwhile by a concurrent resend (one delivery per event and endpoint): use that one.
    const raced = await db().webhookDelivery.findUnique({
      where: { customerEventId_endpointId: { customerEventId: eventId, endpointId: endpoint.id } },
      select: { id: true },
    });
    if (!raced) throw error;
    return raced.id;
  }
}

/**
 * Resend: one manual attempt now of the event to an enabled endpoint of the organization that
 * subscribes to its type, with the event's id and stored body bytes, signed with the endpoint's
 * current secret (the delivery engine's attempt, as redeliver). With an Idempotency-Key, the
 * answer is recorded once the attempt is done; a replay sends nothing.
 */
export async function resendWebhookEvent(
  actor: TUserActor,
  input: TResendWebhookEventRequest,
  record?: TRecordAnswer<TResendWebhookEventResponse>,
): Promise<TResendWebhookEventResponse> {
  const event = await findOwnEvent(actor, input.eventId);
  const endpoint = await findOwnEndpoint(actor, input.endpointId);
  if (!endpoint.enabled)
    throw new AppError("CONFLICT", "The webhook endpoint is disabled: enable it before resending events to it.");
  if (!endpoint.eventTypes.includes(event.type))
    throw new AppError(
      "CONFLICT",
      `The webhook endpoint does not subscribe to ${event.type}: add the type to its eventTypes before resending.`,
    );
  const deliveryId = await deliveryFor(actor.orgId, event.id, endpoint);
  const attempt = await runManualAttempt(deliveryId);
  return db().$transaction(async (tx) => {
    const row = await tx.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, select: DELIVERY_SELECT });
    const answer = { succeeded: attempt.succeeded, delivery: toDeliveryView(row) };
    await record?.(tx, answer);
    return answer;
  });
}

import { randomUUID } from "node:crypto";
import type { TWebhookEventType } from "@/contracts/webhooks/event-types";
import type { TTransaction } from "@/server/db/client";
import { enqueueMany } from "@/server/jobs/enqueue";

export type TCustomerEvent = {
  organizationId: string;
  type: TWebhookEventType;
  /** The event's `data`: ids, status, error and usage. Never secrets, caller material or model context. */
  data: Record<string, unknown>;
};

/**
 * Records one customer event inside the caller's transaction (a turn's settle), with one
 * delivery per enabled endpoint of the organization that wants its type and the jobs that wake
 * them: the same deliveries, attempts, retries and sweep as the assistant webhooks
 * (services/assistant/webhooks/attempt-delivery.ts). An organization without such an endpoint
 * gets no row at all (one indexed read). Returns the event id, or null when nothing was recorded.
 */
export async function recordCustomerEvent(tx: TTransaction, event: TCustomerEvent): Promise<string | null> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { organizationId: event.organizationId, enabled: true, eventTypes: { has: event.type } },
    select: { id: true, url: true },
  });
  if (endpoints.length === 0) return null;
  const id = randomUUID();
  const createdAt = new Date();
  // The exact bytes every attempt (scheduled or manual) carries: the id is stable across retries.
  const body = JSON.stringify({ id, type: event.type, createdAt: createdAt.toISOString(), data: event.data });
  await tx.customerEvent.create({
    data: { id, organizationId: event.organizationId, type: event.type, body, createdAt },
    select: { id: true },
  });
  const deliveries = endpoints.map((endpoint) => ({
    id: randomUUID(),
    organizationId: event.organizationId,
    customerEventId: id,
    endpointId: endpoint.id,
    // The URL as registered now; a later PATCH does not move deliveries already recorded.
    url: endpoint.url,
    nextAttemptAt: createdAt,
  }));
  await tx.webhookDelivery.createMany({ data: deliveries });
  await enqueueMany(
    tx,
    deliveries.map((delivery) => ({ kind: "webhook-delivery" as const, deliveryId: delivery.id })),
  );
  return id;
}

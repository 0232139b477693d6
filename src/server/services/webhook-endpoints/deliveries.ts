import { isUuid } from "@/contracts/common/ids";
import type {
  TEndpointDelivery,
  TListEndpointDeliveriesRequest,
  TListEndpointDeliveriesResponse,
  TRedeliverEndpointDeliveryRequest,
  TRedeliverEndpointDeliveryResponse,
} from "@/contracts/webhooks/delivery-routes";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { notFound } from "@/server/errors";
import { runManualAttempt } from "@/server/services/assistant/webhooks/attempt-delivery";
import { findOwnEndpoint } from "./endpoint-access";

export const DELIVERY_SELECT = {
  id: true,
  customerEventId: true,
  status: true,
  attemptCount: true,
  nextAttemptAt: true,
  createdAt: true,
  succeededAt: true,
  customerEvent: { select: { type: true } },
  attempts: {
    orderBy: { number: "asc" },
    select: { number: true, manual: true, startedAt: true, durationMs: true, statusCode: true, error: true },
  },
} as const satisfies Prisma.WebhookDeliverySelect;

type TDeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof DELIVERY_SELECT }>;

export function toDeliveryView(row: TDeliveryRow): TEndpointDelivery {
  return {
    id: row.id,
    // An endpoint's deliveries are all of customer events (record-customer-event.ts).
    eventId: row.customerEventId!,
    eventType: row.customerEvent!.type,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    succeededAt: row.succeededAt?.toISOString() ?? null,
    attempts: row.attempts.map((attempt) => ({ ...attempt, startedAt: attempt.startedAt.toISOString() })),
  };
}

/** The endpoint's deliveries, newest first, each with its attempts. */
export async function listEndpointDeliveries(
  actor: TUserActor,
  input: TListEndpointDeliveriesRequest,
): Promise<TListEndpointDeliveriesResponse> {
  await findOwnEndpoint(actor, input.endpointId);
  const where = { endpointId: input.endpointId, organizationId: actor.orgId };
  const [rows, total] = await Promise.all([
    db().webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: input.offset,
      take: input.limit,
      select: DELIVERY_SELECT,
    }),
    db().webhookDelivery.count({ where }),
  ]);
  return { items: rows.map(toDeliveryView), total, limit: input.limit, offset: input.offset };
}

function readDelivery(organizationId: string, endpointId: string, deliveryId: string) {
  return db().webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId, organizationId },
    select: DELIVERY_SELECT,
  });
}

/**
 * Redeliver: one manual attempt now through the delivery engine (same event id and bytes,
 * signed with the endpoint's current secret), recorded with manual = true.
 */
export async function redeliverEndpointDelivery(
  actor: TUserActor,
  input: TRedeliverEndpointDeliveryRequest,
): Promise<TRedeliverEndpointDeliveryResponse> {
  await findOwnEndpoint(actor, input.endpointId);
  if (!isUuid(input.deliveryId) || !(await readDelivery(actor.orgId, input.endpointId, input.deliveryId)))
    throw notFound("delivery");
  const attempt = await runManualAttempt(input.deliveryId);
  const delivery = await readDelivery(actor.orgId, input.endpointId, input.deliveryId);
  if (!delivery) throw notFound("delivery");
  return { succeeded: attempt.succeeded, delivery: toDeliveryView(delivery) };
}

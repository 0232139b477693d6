import type {
  TListWebhookDeliveriesRequest,
  TListWebhookDeliveriesResponse,
  TRedeliverWebhookResponse,
  TWebhookDeliveryView,
} from "@/contracts/assistant/webhook-deliveries";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { runManualAttempt } from "./attempt-delivery";

/**
 * Deliveries carry event bodies (worker refs, message ids, approvals) and a redeliver sends
 * data out of the organization: Owners and Admins only, like the organization's settings.
 */
function requireAdmin(actor: TUserActor): void {
  if (actor.orgRole !== "OWNER" && actor.orgRole !== "ADMIN")
    throw new AppError("FORBIDDEN", "Only the organization's Owners and Admins can see and redeliver webhooks.");
}

const DELIVERY_SELECT = {
  id: true,
  eventId: true,
  url: true,
  status: true,
  attemptCount: true,
  nextAttemptAt: true,
  lastStatusCode: true,
  lastError: true,
  createdAt: true,
  succeededAt: true,
  event: { select: { type: true, workerId: true } },
  attempts: {
    orderBy: { number: "asc" },
    select: { number: true, manual: true, startedAt: true, durationMs: true, statusCode: true, error: true },
  },
} as const;

type TDeliveryRow = NonNullable<Awaited<ReturnType<typeof readDelivery>>>;

function readDelivery(organizationId: string, deliveryId: string) {
  return db().webhookDelivery.findFirst({
    where: { id: deliveryId, organizationId, eventId: { not: null } },
    select: DELIVERY_SELECT,
  });
}

function toView(row: TDeliveryRow): TWebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId!,
    eventType: row.event!.type,
    workerRef: row.event!.workerId,
    url: row.url,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    succeededAt: row.succeededAt?.toISOString() ?? null,
    attempts: row.attempts.map((attempt) => ({ ...attempt, startedAt: attempt.startedAt.toISOString() })),
  };
}

/** The organization's deliveries, newest first, each with its attempts. */
export async function listWebhookDeliveries(
  actor: TUserActor,
  input: TListWebhookDeliveriesRequest,
): Promise<TListWebhookDeliveriesResponse> {
  requireAdmin(actor);
  const limit = input.limit ?? 50;
  const before = input.before
    ? await db().webhookDelivery.findFirst({
        where: { id: input.before, organizationId: actor.orgId, eventId: { not: null } },
        select: { createdAt: true, id: true },
      })
    : null;
  if (input.before && !before) throw notFound("delivery");
  const rows = await db().webhookDelivery.findMany({
    where: {
      organizationId: actor.orgId,
      // The assistant's deliveries only: customer endpoints list theirs (services/webhook-endpoints).
      eventId: { not: null },
      ...(input.status ? { status: input.status } : {}),
      ...(before
        ? { OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: DELIVERY_SELECT,
  });
  const page = rows.slice(0, limit);
  return { items: page.map(toView), nextBefore: rows.length > limit ? page.at(-1)!.id : null };
}

/**
 * Redeliver: one manual attempt now, recorded with manual = true and answered when it is done.
 * Success settles the delivery; a failure leaves a pending delivery's schedule as it was.
 */
export async function redeliverWebhook(
  actor: TUserActor,
  input: { deliveryId: string },
): Promise<TRedeliverWebhookResponse> {
  requireAdmin(actor);
  if (!(await readDelivery(actor.orgId, input.deliveryId))) throw notFound("delivery");
  const attempt = await runManualAttempt(input.deliveryId);
  const delivery = await readDelivery(actor.orgId, input.deliveryId);
  return {
    attempt: {
      number: attempt.number,
      statusCode: attempt.statusCode,
      error: attempt.error,
      durationMs: attempt.durationMs,
      succeeded: attempt.succeeded,
    },
    delivery: toView(delivery!),
  };
}

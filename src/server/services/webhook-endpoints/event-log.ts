import { isUuid } from "@/contracts/common/ids";
import {
  WEBHOOK_EVENT_RETENTION_DAYS,
  type TCompletionEvent,
  type TListWebhookEventsRequest,
  type TListWebhookEventsResponse,
} from "@/contracts/webhooks/event-routes";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { AppError, notFound } from "@/server/errors";
import { requireAdmin } from "./endpoint-access";

const RETENTION_MS = WEBHOOK_EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000;
const PRUNE_BATCH = 1000;

/** The oldest moment still in the log: older events are neither listed, read nor resent. */
export const retainedSince = (now: Date = new Date()) => new Date(now.getTime() - RETENTION_MS);

/** The stored body, parsed: the bytes every delivery of the event carries. */
const eventOf = (row: { body: string }) => JSON.parse(row.body) as TCompletionEvent;

/** The actor's organization's event if it is still in the log; the uniform 404 otherwise (or a malformed id). */
export async function findOwnEvent(actor: TUserActor, eventId: string) {
  requireAdmin(actor);
  const row = isUuid(eventId)
    ? await db().customerEvent.findFirst({
        where: { id: eventId, organizationId: actor.orgId, createdAt: { gte: retainedSince() } },
        select: { id: true, type: true, body: true, createdAt: true },
      })
    : null;
  if (!row) throw notFound("webhook event");
  return row;
}

export async function getWebhookEvent(actor: TUserActor, eventId: string): Promise<TCompletionEvent> {
  return eventOf(await findOwnEvent(actor, eventId));
}

/** The cursor's position (createdAt, id), or 400: an id that names no event in the log cannot be paged from. */
async function cursorOf(orgId: string, field: "before" | "after", eventId: string) {
  const row = isUuid(eventId)
    ? await db().customerEvent.findFirst({
        where: { id: eventId, organizationId: orgId, createdAt: { gte: retainedSince() } },
        select: { id: true, createdAt: true },
      })
    : null;
  if (!row)
    throw new AppError(
      "VALIDATION",
      `${field}: names no event of this organization in the log (pass an event id you received, or omit it).`,
      { details: { field } },
    );
  return row;
}

/**
 * The event log, ordered by (createdAt, id): newest first, back from `before`, or oldest first
 * after `after`. A total order, so a page boundary inside one millisecond neither repeats nor
 * skips an event. One row more than the page tells whether another page follows.
 */
export async function listWebhookEvents(
  actor: TUserActor,
  input: TListWebhookEventsRequest,
): Promise<TListWebhookEventsResponse> {
  requireAdmin(actor);
  if (input.before !== undefined && input.after !== undefined)
    throw new AppError("VALIDATION", "before: pass either before or after, not both.", {
      details: { field: "before" },
    });
  const forward = input.after !== undefined;
  const cursorId = input.after ?? input.before;
  const where: Prisma.CustomerEventWhereInput = {
    organizationId: actor.orgId,
    createdAt: { gte: retainedSince() },
    ...(input.type !== undefined ? { type: input.type } : {}),
  };
  if (cursorId !== undefined) {
    const cursor = await cursorOf(actor.orgId, forward ? "after" : "before", cursorId);
    const beyond = forward ? "gt" : "lt";
    where.OR = [
      { createdAt: { [beyond]: cursor.createdAt } },
      { createdAt: cursor.createdAt, id: { [beyond]: cursor.id } },
    ];
  }
  const direction = forward ? "asc" : "desc";
  const rows = await db().customerEvent.findMany({
    where,
    orderBy: [{ createdAt: direction }, { id: direction }],
    take: input.limit + 1,
    select: { body: true },
  });
  const items = rows.slice(0, input.limit).map(eventOf);
  return { items, nextCursor: rows.length > input.limit ? items.at(-1)!.id : null };
}

/**
 * Removes events older than the log keeps (with their deliveries and attempts, by cascade), a
 * batch at a time: run by the minute webhook sweep. Every delivery has long settled by then
 * (the retry schedule ends within a day and a half).
 */
export async function pruneWebhookEvents(now: Date = new Date()): Promise<number> {
  const old = await db().customerEvent.findMany({
    where: { createdAt: { lt: retainedSince(now) } },
    orderBy: { createdAt: "asc" },
    take: PRUNE_BATCH,
    select: { id: true },
  });
  if (old.length === 0) return 0;
  const { count } = await db().customerEvent.deleteMany({ where: { id: { in: old.map((row) => row.id) } } });
  return count;
}

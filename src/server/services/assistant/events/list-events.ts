import { isUuid } from "@/contracts/common/ids";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { readAssistantFollower } from "@/server/services/assistant/config/read-assistant-config";
import type { TAssistantEventType } from "./record-assistant-event";

type TListEvents = { platformId: string; orgId: string; since?: string; workerRef?: string; limit: number };

/** A stored event body, parsed: `{ id, type, occurred_at, worker_ref, data }` exactly as delivered. */
export type TStoredEvent = {
  id: string;
  type: TAssistantEventType;
  occurred_at: string;
  worker_ref: string | null;
  data: Record<string, unknown>;
};

/** The seq of `since`, or 400: an id that names no event of this organization cannot be resumed from. */
async function seqAfter(orgId: string, since: string | undefined): Promise<bigint> {
  if (since === undefined) return 0n;
  const event = isUuid(since)
    ? await db().assistantEvent.findFirst({ where: { id: since, organizationId: orgId }, select: { seq: true } })
    : null;
  if (!event)
    throw new AppError(
      "VALIDATION",
      "since: names no event of this organization (pass an event id you received, or omit it to start at the oldest).",
      { details: { field: "since" } },
    );
  return event.seq;
}

/**
 * GET /events: the organization's events after `since`, oldest first, by the counter taken in
 * each event's own transaction (so a reader never passes an event that has yet to commit).
 * One row more than the page tells whether this is the last page.
 */
export async function listEvents(options: TListEvents): Promise<{ items: TStoredEvent[]; nextCursor: string | null }> {
  await readAssistantFollower(options.platformId, options.orgId);
  const after = await seqAfter(options.orgId, options.since);
  // A worker_ref that is not even an id names no worker: no events.
  if (options.workerRef !== undefined && !isUuid(options.workerRef)) return { items: [], nextCursor: null };
  const rows = await db().assistantEvent.findMany({
    where: {
      organizationId: options.orgId,
      seq: { gt: after },
      ...(options.workerRef !== undefined ? { workerId: options.workerRef } : {}),
    },
    orderBy: { seq: "asc" },
    take: options.limit + 1,
    select: { body: true },
  });
  const page = rows.slice(0, options.limit).map((row) => JSON.parse(row.body) as TStoredEvent);
  return { items: page, nextCursor: rows.length > options.limit ? page.at(-1)!.id : null };
}

import type { TTransaction } from "@/server/db/client";
import { SESSION_EVENTS_CHANNEL, type TSessionEventType } from "./event-types";

export type TFirstEvent = { sessionId: string; type: TSessionEventType; data: Record<string, unknown> };

/**
 * Writes the first event (seq 1) of sessions created in the caller's transaction, all in one
 * insert and one NOTIFY statement. The sessions must have been created with `lastSeq: 1`: a new
 * session's log is empty and nobody else can hold its row yet, so no row lock is needed to take
 * the seq (appendEvent does that for every later event).
 */
export async function appendFirstEvents(tx: TTransaction, events: TFirstEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.sessionEvent.createMany({ data: events.map((event) => ({ sessionId: event.sessionId, seq: 1, type: event.type, data: event.data as object })) });
  const sessionIds = events.map((event) => event.sessionId);
  await tx.$executeRaw`SELECT pg_notify(${SESSION_EVENTS_CHANNEL}, id) FROM unnest(${sessionIds}::text[]) AS id`;
}

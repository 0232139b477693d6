import type { TTransaction } from "@/server/db/client";
import { SESSION_EVENTS_CHANNEL, type TSessionEventType } from "./event-types";

export type TAppendedEvent = { seq: number; createdAt: Date };

/**
 * Appends one event to a session's log inside the caller's transaction: the next `seq` is taken
 * under the session row's lock, so seqs are gap-free and monotonic per session, and the event
 * exists exactly when the change it describes commits. The NOTIFY is delivered at commit and is
 * only a wake-up hint for streams (they always read the log).
 * `data` must never hold secrets: callers pass masked tool arguments and results.
 */
export async function appendEvent(tx: TTransaction, sessionId: string, type: TSessionEventType, data: Record<string, unknown>): Promise<TAppendedEvent> {
  const { lastSeq } = await tx.agentSession.update({ where: { id: sessionId }, data: { lastSeq: { increment: 1 } }, select: { lastSeq: true } });
  const event = await tx.sessionEvent.create({
    data: { sessionId, seq: lastSeq, type, data: data as object },
    select: { seq: true, createdAt: true },
  });
  await tx.$executeRaw`SELECT pg_notify(${SESSION_EVENTS_CHANNEL}, ${sessionId})`;
  return event;
}

/**
 * Appends several events to one session's log in order, with one seq bump, one insert and one
 * NOTIFY (a turn's completion writes its last text and `turn.completed` together). Same
 * guarantees as appendEvent.
 */
export async function appendEvents(tx: TTransaction, sessionId: string, events: Array<{ type: TSessionEventType; data: Record<string, unknown> }>): Promise<void> {
  if (events.length === 0) return;
  const { lastSeq } = await tx.agentSession.update({ where: { id: sessionId }, data: { lastSeq: { increment: events.length } }, select: { lastSeq: true } });
  const first = lastSeq - events.length + 1;
  await tx.sessionEvent.createMany({ data: events.map((event, index) => ({ sessionId, seq: first + index, type: event.type, data: event.data as object })) });
  await tx.$executeRaw`SELECT pg_notify(${SESSION_EVENTS_CHANNEL}, ${sessionId})`;
}

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

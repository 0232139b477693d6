import { queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { eventNotifySql, sessionNotifySql } from "@/server/events/event-notification";
import type { TSessionEventType } from "@/server/events/event-types";

export type TAppendedEvent = { seq: number; createdAt: Date };

type TEventData = Record<string, unknown>;

// Each append is one statement (the seq bump, the insert and the NOTIFY in one CTE), since a turn
// appends several times and every round trip costs the engine more than the SQL does.

/**
 * Appends one event to a session's log inside the caller's transaction: the next `seq` is taken
 * under the session row's lock, so seqs are gap-free and monotonic per session, and the event
 * exists exactly when the change it describes commits. The NOTIFY is delivered at commit and is
 * only a wake-up hint for streams (they always read the log).
 * `data` must never hold secrets: callers pass masked tool arguments and results.
 */
export async function appendEvent(
  tx: TTransaction,
  sessionId: string,
  type: TSessionEventType,
  data: TEventData,
): Promise<TAppendedEvent> {
  const [event] = await appendInOrder(tx, sessionId, [{ type, data }]);
  return event!;
}

/**
 * Appends several events to one session's log in order, with one seq bump, one insert and one
 * NOTIFY (a turn's completion writes its last text and `turn.completed` together). Same
 * guarantees as appendEvent.
 */
export async function appendEvents(tx: TTransaction, sessionId: string, events: TNewEvent[]): Promise<void> {
  if (events.length > 0) await appendInOrder(tx, sessionId, events);
}

export type TNewEvent = { type: TSessionEventType; data: TEventData };

/** Events as the arrays an insert over `unnest` takes: fresh ids, types, data as JSON text. */
function eventColumns(events: TNewEvent[]) {
  return {
    ids: events.map(() => crypto.randomUUID()),
    types: events.map((event) => event.type),
    data: events.map((event) => JSON.stringify(event.data)),
  };
}

/**
 * Appending events to one session's log as members of a statement: `members` are the CTEs
 * `bumped` (the seq bump under the session row's lock) and `appended` (the insert, returning
 * the written rows), written only where `guard` holds; `notify` is a select expression over
 * `appended` that hands each event to the session's followers (delivered at commit). A caller
 * that settles a row and appends its events together (a turn's completion) writes both in one
 * round trip. The session may be an expression of the statement (a turn's claim knows only the
 * turn), and `computed` (a jsonb expression) adds fields only the statement knows to each
 * event's data.
 */
export function appendEventsSql(
  session: string | Prisma.Sql,
  events: TNewEvent[],
  now: Date,
  guard: Prisma.Sql = Prisma.sql`true`,
  computed: Prisma.Sql = Prisma.sql`'{}'::jsonb`,
): { members: Prisma.Sql; notify: Prisma.Sql } {
  const { ids, types, data } = eventColumns(events);
  const sessionId = typeof session === "string" ? Prisma.sql`${session}::uuid` : session;
  return {
    members: Prisma.sql`
      bumped AS (
        UPDATE agent_sessions SET "lastSeq" = "lastSeq" + ${events.length}::int, "updatedAt" = ${now}::timestamp(3)
        WHERE id = ${sessionId} AND ${guard}
        RETURNING id, "lastSeq" - ${events.length}::int AS before
      ), appended AS (
        INSERT INTO session_events (id, "sessionId", seq, type, data, "createdAt")
        SELECT item.id, bumped.id, bumped.before + item.position::int, item.type, item.data::jsonb || ${computed}, ${now}::timestamp(3)
        FROM bumped, unnest(${ids}::uuid[], ${types}::text[], ${data}::text[]) WITH ORDINALITY AS item(id, type, data, position)
        RETURNING seq, "createdAt", "sessionId", type, data
      )`,
    notify: eventNotifySql("appended"),
  };
}

async function appendInOrder(tx: TTransaction, sessionId: string, events: TNewEvent[]): Promise<TAppendedEvent[]> {
  // The app's clock, as Prisma writes timestamps (columns without a time zone hold UTC).
  const append = appendEventsSql(sessionId, events, new Date());
  const rows = await queryRows<TAppendedEvent>(
    tx,
    Prisma.sql`
    WITH ${append.members}
    SELECT appended.seq, appended."createdAt", ${append.notify} AS notified FROM appended ORDER BY appended.seq`,
  );
  if (rows.length !== events.length)
    throw new Error(`Session ${sessionId} does not exist: its events cannot be appended.`);
  return rows.map(({ seq, createdAt }) => ({ seq, createdAt }));
}

export type TFirstEvent = { sessionId: string } & TNewEvent;

/**
 * The first event (seq 1) of sessions being created, as a member of the statement that creates
 * them (startSessions), shaped like appendEventsSql: `inserts` is the insert written only where
 * `guard` holds (returning each row's "sessionId"), `notify` the expression that wakes a row's
 * followers at commit. The sessions must be created with `lastSeq: 1`: a new session's log is
 * empty and nobody else can hold its row yet, so no row lock is needed to take the seq
 * (appendEvent does that for every later event).
 */
export function firstEventsSql(
  events: TFirstEvent[],
  now: Date,
  guard: Prisma.Sql,
): { inserts: Prisma.Sql; notify: Prisma.Sql } {
  const { ids, types, data } = eventColumns(events);
  const sessionIds = events.map((event) => event.sessionId);
  return {
    inserts: Prisma.sql`
      INSERT INTO session_events (id, "sessionId", seq, type, data, "createdAt")
      SELECT item.id, item.session_id, 1, item.type, item.data::jsonb, ${now}::timestamp(3)
      FROM unnest(${ids}::uuid[], ${sessionIds}::uuid[], ${types}::text[], ${data}::text[]) AS item(id, session_id, type, data)
      WHERE ${guard}
      RETURNING "sessionId"`,
    notify: sessionNotifySql(Prisma.sql`"sessionId"`),
  };
}

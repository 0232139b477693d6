import { Prisma } from "@/server/db/generated/client";
import { SESSION_EVENTS_CHANNEL, type TSessionEventType } from "./event-types";
import type { TLoggedEvent } from "./read-events";

// PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more (and with it the whole statement),
// so an event whose data is larger is announced by its session's id alone.
const NOTIFIED_DATA_MAX_BYTES = 7_000;

/**
 * What a NOTIFY on the session events channel says: a session's log grew, and by which event
 * when it fit. `event` parses on demand: every process hears every session's notifications, and
 * most are about sessions it does not follow.
 */
export type TEventNotification = { sessionId: string; event: () => TLoggedEvent | undefined; deleted?: true };

// A deleted session's notification: its followers end at once, not at the next sweep.
const DELETED = "deleted:";

/**
 * The NOTIFY of one appended event, as a select expression over a row `row` holding the event's
 * columns as the log stores them ("sessionId", seq, type, data, "createdAt"). It carries the
 * event itself, so a follower that is up to date needs no read; a larger event carries only the
 * session's id. Delivered at commit, in commit order.
 */
export function eventNotifySql(row: string): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${row}."${name}"`);
  return Prisma.sql`pg_notify(${SESSION_EVENTS_CHANNEL}, CASE WHEN octet_length(${column("data")}::text) <= ${NOTIFIED_DATA_MAX_BYTES}::int
    THEN json_build_array(${column("sessionId")}, ${column("seq")}, ${column("type")}, ${column("createdAt")}, ${column("data")})::text
    ELSE ${column("sessionId")}::text END)::text`;
}

/** The NOTIFY that only names a session whose log grew (a new session's first event: its followers read the log). */
export function sessionNotifySql(sessionId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`pg_notify(${SESSION_EVENTS_CHANNEL}, ${sessionId}::text)::text`;
}

const BARE = () => undefined;

/** The statement that tells every process a session was deleted (sent at the delete's commit). */
export function sessionDeletedNotifySql(sessionId: string): Prisma.Sql {
  return Prisma.sql`SELECT pg_notify(${SESSION_EVENTS_CHANNEL}, ${DELETED + sessionId})`;
}

/** Reads a payload of the channel: an event as eventNotifySql writes it, a deletion, or a bare session id. */
export function parseEventNotification(payload: string): TEventNotification {
  if (payload.startsWith(DELETED)) return { sessionId: payload.slice(DELETED.length), event: BARE, deleted: true };
  if (!payload.startsWith("[")) return { sessionId: payload, event: BARE };
  // json_build_array writes the session's id first: ["<uuid>", seq, ...].
  const sessionId = payload.slice(2, 38);
  return {
    sessionId,
    event: () => {
      const [, seq, type, createdAt, data] = JSON.parse(payload) as [
        string,
        number,
        TSessionEventType,
        string,
        Record<string, unknown> | null,
      ];
      // A timestamp without a time zone, as the log stores UTC (json renders it without the zone).
      return { seq, type, data: data ?? {}, createdAt: new Date(`${createdAt}Z`) };
    },
  };
}

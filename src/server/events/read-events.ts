import { db, queryRows } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import type { TSessionEventType } from "./event-types";

/** One row of a session's event log, as streams send it. */
export type TLoggedEvent = { seq: number; type: TSessionEventType; data: Record<string, unknown>; createdAt: Date };

// A reconnecting client far behind is caught up in pages, so one read never loads a whole log.
export const EVENT_PAGE_SIZE = 200;

/** The session's highest written seq, or null when the session no longer exists. */
export async function lastSeqOf(sessionId: string): Promise<number | null> {
  const session = await db().agentSession.findUnique({ where: { id: sessionId }, select: { lastSeq: true } });
  return session?.lastSeq ?? null;
}

/**
 * Events strictly after `afterSeq`, oldest first, at most `limit`. Seqs are gap-free per
 * session (appendEvent), so a reader that passes the last seq it sent never skips or repeats.
 */
export async function readEventsAfter(
  sessionId: string,
  afterSeq: number,
  limit = EVENT_PAGE_SIZE,
): Promise<TLoggedEvent[]> {
  // Every stream connect and every hub read runs this: on PostgreSQL it takes the driver path.
  const rows = await queryRows<TLoggedEvent>(
    db(),
    Prisma.sql`SELECT seq, type, data, "createdAt" FROM session_events WHERE "sessionId" = ${sessionId}::uuid AND seq > ${afterSeq}::int ORDER BY seq LIMIT ${limit}::int`,
  );
  return rows.map((row) => ({ seq: row.seq, type: row.type, data: row.data ?? {}, createdAt: row.createdAt }));
}

/** The last seq of each listed session that still exists, in one query (the hub's sweep). */
export async function lastSeqsOf(sessionIds: string[]): Promise<Map<string, number>> {
  const rows = await db().agentSession.findMany({
    where: { id: { in: sessionIds } },
    select: { id: true, lastSeq: true },
  });
  return new Map(rows.map((row) => [row.id, row.lastSeq]));
}

import { Prisma } from "@/server/db/generated/client";

/** The first turn of a session being created (startSessions): QUEUED, number 1. */
export type TFirstTurn = {
  turnId: string;
  sessionId: string;
  organizationId: string;
  /** The turn's initiator (the session's owner); null for machine firings. */
  ownerId: string | null;
  deadlineAt: Date;
};

/**
 * The insert of new sessions' first turns, as a member of the statement that creates the
 * sessions (services/sessions/insert-sessions.ts): one insert over arrays, written only where
 * `guard` holds. A start is on every hot path, so the turns join that one statement rather than
 * taking a round trip of their own.
 */
export function firstTurnsInsertSql(turns: TFirstTurn[], now: Date, guard: Prisma.Sql): Prisma.Sql {
  const column = <T>(pick: (turn: TFirstTurn) => T) => turns.map(pick);
  return Prisma.sql`
      INSERT INTO turns (id, "sessionId", "organizationId", number, "initiatedById", "deadlineAt", "createdAt", "queuedAt")
      SELECT t.id, t.session, t.org, 1, t.owner, t.deadline::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3)
      FROM unnest(${column((t) => t.turnId)}::uuid[], ${column((t) => t.sessionId)}::uuid[], ${column((t) => t.organizationId)}::uuid[],
        ${column((t) => t.ownerId)}::uuid[], ${column((t) => t.deadlineAt.toISOString())}::text[]) AS t(id, session, org, owner, deadline)
      WHERE ${guard}`;
}

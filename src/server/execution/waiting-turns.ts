import { db, queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { env } from "@/server/env";
import { jobsInsertSql } from "@/server/jobs/enqueue";
import { log } from "@/server/log";

// The conversation queue's follow part: a message that arrives while a turn holds the session
// waits in a turn of its own (`waitingSince`, no job), released here when the conversation frees.

/**
 * A turn of the session that holds its conversation: one running, suspended for an approval, or
 * queued with its job (a first turn not started yet, a turn resumed after its approval). A
 * waiting turn (`waitingSince` set) is queued without a job and holds nothing.
 */
export const holdsConversation = (sessionId: Prisma.Sql, except: Prisma.Sql) => Prisma.sql`
  EXISTS (SELECT 1 FROM turns a WHERE a."sessionId" = ${sessionId} AND a.id <> ${except}
    AND (a.status IN ('RUNNING', 'SUSPENDED') OR (a.status = 'QUEUED' AND a."waitingSince" IS NULL)))`;

/**
 * Gives the session's waiting turn its job once no other turn holds the conversation
 * (docs/conversations.md): called after a turn settles (failTurnTx in fail-turn-system.ts, completeTurn), in a statement of its own AFTER the
 * settling UPDATE (see below), and by the minute sweep (releaseLostWaitingTurns below). Returns the released turn's id, or null.
 *
 * Why a statement of its own: a message arriving while the turn ran locked the running turn's
 * row (`SELECT ... FOR UPDATE`) before it stored its waiting turn, so the settling UPDATE waited
 * for that message to commit. In read committed, the settling statement's snapshot was taken
 * before that wait, so a CTE of the same statement would not see the waiting turn; a new
 * statement takes a new snapshot and does. When no turn waits (the common case) this is one
 * indexed read; when one does, one more statement clears its mark, restarts its deadline (the
 * turn had not started: its execution deadline counts from now, as a fresh turn's does) and
 * inserts its job, only if the mark was still set, so two releasers (a settle and the sweep)
 * never queue two jobs.
 */
export async function releaseWaitingTurn(tx: TTransaction, sessionId: string): Promise<string | null> {
  const [waiting] = await queryRows<{ id: string; organizationId: string }>(
    tx,
    Prisma.sql`SELECT id::text AS id, "organizationId"::text AS "organizationId" FROM turns
      WHERE "sessionId" = ${sessionId}::uuid AND status = 'QUEUED' AND "waitingSince" IS NOT NULL
      ORDER BY number LIMIT 1`,
  );
  if (!waiting) return null;
  return (await releaseTurn(tx, { sessionId, turnId: waiting.id, organizationId: waiting.organizationId }))
    ? waiting.id
    : null;
}

export async function releaseTurn(
  tx: TTransaction,
  o: { sessionId: string; turnId: string; organizationId: string },
): Promise<boolean> {
  const deadlineAt = new Date(Date.now() + env.TURN_DEADLINE_SECONDS * 1000);
  const { ctes, notify } = jobsInsertSql(
    [{ kind: "agent-turn", turnId: o.turnId, organizationId: o.organizationId }],
    Prisma.sql`EXISTS (SELECT 1 FROM released)`,
  );
  const [row] = await queryRows<{ released: boolean }>(
    tx,
    Prisma.sql`
    WITH released AS (
      UPDATE turns SET "waitingSince" = NULL, "deadlineAt" = ${deadlineAt}::timestamp(3), "queuedAt" = ${new Date()}::timestamp(3)
      WHERE id = ${o.turnId}::uuid AND status = 'QUEUED' AND "waitingSince" IS NOT NULL
        AND NOT ${holdsConversation(Prisma.sql`${o.sessionId}::uuid`, Prisma.sql`${o.turnId}::uuid`)}
      RETURNING id
    ), ${Prisma.join(ctes)}
    SELECT EXISTS (SELECT 1 FROM released) AS released${notify ? Prisma.sql`, (SELECT max(woken) FROM (${notify}) AS wake(woken)) AS notified` : Prisma.empty}`,
  );
  return row!.released;
}

/**
 * The sweep's part (recovery.ts, every minute): waiting turns whose release was lost, because
 * the process that settled the turn ahead died between its settle and the release (the
 * settle's one-statement fast path commits before the release runs), get their job. A turn
 * still held behind a running or suspended one is left alone.
 */
export async function releaseLostWaitingTurns(): Promise<number> {
  const stranded = await queryRows<{ id: string; sessionId: string; organizationId: string }>(
    db(),
    Prisma.sql`SELECT w.id::text AS id, w."sessionId"::text AS "sessionId", w."organizationId"::text AS "organizationId"
      FROM turns w
      WHERE w.status = 'QUEUED' AND w."waitingSince" IS NOT NULL
        AND NOT ${holdsConversation(Prisma.sql`w."sessionId"`, Prisma.sql`w.id`)}
      ORDER BY w."waitingSince" LIMIT 500`,
  );
  let released = 0;
  const seen = new Set<string>();
  for (const turn of stranded) {
    // One per session: the oldest; a session has at most one waiting turn anyway.
    if (seen.has(turn.sessionId)) continue;
    seen.add(turn.sessionId);
    if (await releaseTurn(db(), { ...turn, turnId: turn.id })) released++;
  }
  if (released) log.info("waiting turns released by the sweep", { count: released });
  return released;
}

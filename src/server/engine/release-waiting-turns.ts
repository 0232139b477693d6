import { db, queryRows } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { log } from "@/server/log";
import { holdsConversation, releaseTurn, releaseWaitingTurn } from "@/server/services/sessions/fail-turn";

// The release itself lives with the settle (services/sessions/fail-turn.ts): every settle frees
// the conversation there; the engine re-exports it for completeTurn.
export { releaseWaitingTurn };

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

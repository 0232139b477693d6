import type { TManagedSessionResponse } from "@/contracts/session-console/manage-session";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { appendEvent } from "@/server/execution/event-log";
import { assertCanManageSession } from "./manage-access";

type TChange = { title: string } | { archived: boolean } | { outcome: string | null };

const SELECT = { id: true, title: true, outcome: true, archivedAt: true } as const;

/**
 * Renames, archives / unarchives, or sets the outcome of a session. The change and its
 * `session.changed` event commit together, so every open stream re-reads the state.
 */
export async function updateSession(
  actor: TUserActor,
  sessionId: string,
  change: TChange,
): Promise<TManagedSessionResponse> {
  await assertCanManageSession(actor, sessionId);
  const data = "archived" in change ? { archivedAt: change.archived ? new Date() : null } : change;
  const row = await db().$transaction(async (tx) => {
    const updated = await tx.agentSession.update({ where: { id: sessionId }, data, select: SELECT });
    await appendEvent(tx, sessionId, "session.changed", {
      change: Object.keys(change)[0]!,
      ...change,
      byUserId: actor.userId,
    });
    return updated;
  });
  return { id: row.id, title: row.title, outcome: row.outcome, archived: row.archivedAt !== null };
}

export const renameSession = (actor: TUserActor, o: { sessionId: string; title: string }) =>
  updateSession(actor, o.sessionId, { title: o.title });
export const archiveSession = (actor: TUserActor, o: { sessionId: string; archived: boolean }) =>
  updateSession(actor, o.sessionId, { archived: o.archived });
export const setSessionOutcome = (actor: TUserActor, o: { sessionId: string; outcome: string | null }) =>
  updateSession(actor, o.sessionId, { outcome: o.outcome });

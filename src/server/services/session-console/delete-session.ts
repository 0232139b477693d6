import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { sessionDeletedNotifySql } from "@/server/events/event-notification";
import { assertCanManageSession } from "./manage-access";

/**
 * Deletes a session with its transcript, turns, approvals and event log. Refused while a turn
 * is queued or running (the runner is mid-work; deleting under it would lose what it writes);
 * a session waiting for an approval can be deleted, and its approval goes with it.
 */
export async function deleteSession(actor: TUserActor, o: { sessionId: string }): Promise<{ ok: true }> {
  await assertCanManageSession(actor, o.sessionId);
  await db().$transaction(async (tx) => {
    const busy = await tx.turn.count({ where: { sessionId: o.sessionId, status: { in: ["QUEUED", "RUNNING"] } } });
    if (busy > 0)
      throw new AppError(
        "CONFLICT",
        "A turn of this session is still running; delete the session once it has finished.",
      );
    await tx.agentSession.delete({ where: { id: o.sessionId } });
    // No event can be logged for a deleted session; the notification ends its open streams now.
    await tx.$executeRaw(sessionDeletedNotifySql(o.sessionId));
  });
  return { ok: true };
}

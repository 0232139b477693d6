import type { TUserActor } from "@/server/auth/actor";
import { AppError } from "@/server/errors";
import { authorizeSessionView, canManageSession, type TSessionAccess } from "@/server/services/sessions/session-access";

/**
 * The session if the actor may manage it (rename, archive, delete, outcome): its owner, or an
 * Owner or Editor of its domain. Invisible sessions are the uniform 404; visible ones 403.
 */
export async function assertCanManageSession(actor: TUserActor, sessionId: string): Promise<TSessionAccess> {
  const access = await authorizeSessionView(actor, sessionId);
  if (!canManageSession(access)) {
    throw new AppError(
      "FORBIDDEN",
      "Only the session's owner and the Owners and Editors of its domain can rename, archive, delete it or set its outcome.",
      {
        details: { sessionId },
      },
    );
  }
  return access;
}

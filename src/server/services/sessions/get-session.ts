import type { TSessionDetails } from "@/contracts/sessions/session-details";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { authorizeSessionView } from "./session-access";
import { DETAILS_SELECT, toSessionDetails } from "./to-session-details";

/** The transcript and state of a session the actor can see (spec 4.2 GET session). */
export async function getSessionDetails(actor: TUserActor, o: { sessionId: string }): Promise<TSessionDetails> {
  const access = await authorizeSessionView(actor, o.sessionId);
  const row = await db().agentSession.findUnique({ where: { id: access.session.id }, select: DETAILS_SELECT });
  if (!row) throw notFound("session");
  return toSessionDetails(actor, access, row);
}

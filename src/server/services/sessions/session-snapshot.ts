import type { TSessionDetails } from "@/contracts/sessions/session-details";
import type { TUserActor } from "@/server/auth/actor";
import { actorDomainSelect } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { accessOf, isSessionId, SESSION_ACCESS_SELECT, type TSessionAccess } from "./session-access";
import { DETAILS_SELECT, toSessionDetails } from "./to-session-details";

/**
 * A stream connect's one read of its session: the authorization (authorizeSessionView's rule),
 * the stream's cursor (lastSeq) and the snapshot's details, from one statement, so the
 * snapshot shows exactly the state up to the cursor. Anything the actor cannot see is the
 * uniform 404.
 */
export async function authorizedSnapshot(actor: TUserActor, sessionId: string): Promise<{ access: TSessionAccess; snapshot: TSessionDetails }> {
  if (!isSessionId(sessionId)) throw notFound("session");
  const row = await db().agentSession.findFirst({
    where: { id: sessionId, organizationId: actor.orgId },
    select: { ...DETAILS_SELECT, ...SESSION_ACCESS_SELECT, domain: { select: { ...DETAILS_SELECT.domain.select, ...actorDomainSelect(actor).select } } },
  });
  const access = accessOf(actor, row);
  return { access, snapshot: toSessionDetails(actor, access, row!) };
}

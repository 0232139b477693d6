import type { TSessionDetails } from "@/contracts/sessions/session-details";
import type { TUserActor } from "@/server/auth/actor";
import { notFound } from "@/server/errors";
import { accessOf, isSessionId, type TSessionAccess } from "./session-access";
import { readSessionDetailsRow } from "./session-details-row";
import { toSessionDetails } from "./to-session-details";

/**
 * A session's one read for a caller: the authorization (authorizeSessionView's rule), the
 * stream's cursor (lastSeq) and the details, from one statement, so a stream's snapshot shows
 * exactly the state up to its cursor. Anything the actor cannot see is the uniform 404.
 */
export async function authorizedSnapshot(
  actor: TUserActor,
  sessionId: string,
): Promise<{ access: TSessionAccess; snapshot: TSessionDetails }> {
  if (!isSessionId(sessionId)) throw notFound("session");
  const found = await readSessionDetailsRow(sessionId, actor.userId);
  const row = found?.organizationId === actor.orgId ? found : null;
  const access = accessOf(actor, row);
  return { access, snapshot: toSessionDetails(actor, access, row!) };
}

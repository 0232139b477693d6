import type { TSessionDetails } from "@/contracts/sessions/session-details";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import type { TSessionAccess } from "./session-access";
import { DETAILS_SELECT, toSessionDetails } from "./to-session-details";

/**
 * GET session's details for a caller already authorized (a stream connect): one read of the
 * details, no second authorization. Read after the stream took its seq, so it reflects at
 * least every event up to it.
 */
export async function sessionSnapshot(actor: TUserActor, access: TSessionAccess): Promise<TSessionDetails> {
  const row = await db().agentSession.findUnique({ where: { id: access.session.id }, select: DETAILS_SELECT });
  if (!row) throw notFound("session");
  return toSessionDetails(actor, access, row);
}

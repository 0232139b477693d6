import type { TSessionDetails } from "@/contracts/sessions/session-details";
import type { TUserActor } from "@/server/auth/actor";
import { authorizedSnapshot } from "./session-snapshot";

/** The transcript and state of a session the actor can see (spec 4.2 GET session): one statement. */
export async function getSessionDetails(actor: TUserActor, o: { sessionId: string }): Promise<TSessionDetails> {
  return (await authorizedSnapshot(actor, o.sessionId)).snapshot;
}

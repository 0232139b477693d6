import type { TOpenChatRequest } from "@/contracts/session-console/chat";
import type { TUserActor } from "@/server/auth/actor";
import { openSession } from "@/server/services/sessions/open-session";

/**
 * A personal chat from the console: visible only to its creator, run with the organization's
 * credentials (the console never takes callerCredentials, spec 5 rule 7).
 */
export function openChat(
  actor: TUserActor,
  input: TOpenChatRequest,
): Promise<{ sessionId: string; executionId: string }> {
  return openSession(actor, {
    automationId: input.automationId,
    message: input.message,
    kind: "personal",
    origin: "console",
  });
}

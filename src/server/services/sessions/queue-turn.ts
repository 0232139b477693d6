import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TTransaction } from "@/server/db/client";
import { env } from "@/server/env";
import { appendEvent } from "@/server/events/append-event";
import { enqueue } from "@/server/jobs/enqueue";
import { createCallerGrant } from "@/server/services/caller-credentials/grants";
import { assertAutomationsEnabled } from "@/server/services/partner/entitlements/disabled-automations";

export type TQueueTurnOptions = {
  sessionId: string;
  organizationId: string;
  /** The automation the turn runs: refused here when its partner has disabled it since. */
  automationId: string;
  message: string;
  /** The message's author and the turn's initiator; null for machine firings. */
  authorId: string | null;
  callerCredentials?: TCallerCredentials;
  /** callerCredentialExpiresAt of the request (trigger fire); null/undefined: the turn's deadline bounds it. */
  callerCredentialExpiresAt?: Date | null;
  /**
   * The message is an instruction (an assistant worker's POST /turns): stored as the SYSTEM
   * message that opens the turn, which the model reads as the turn's input and no reader shows
   * as something a user wrote (see loadTranscript).
   */
  instruction?: boolean;
};

/** Whether a credentials object carries any material at all (`{}` entries behave like omission). */
function hasCallerMaterial(credentials: TCallerCredentials | undefined): credentials is TCallerCredentials {
  return Boolean(credentials && Object.keys(credentials.integrations).length > 0);
}

/**
 * The next turn of an existing session (a new session's first turn comes from startSessions).
 * Inside the caller's transaction (which holds the session row lock): the USER message, the
 * QUEUED turn with its deadline, the turn's caller grant and its job. All commit together or
 * not at all, so an accepted request always has its turn and its job. Like startSessions for
 * first turns, this door refuses an automation its follower's partner has disabled since.
 */
export async function queueTurn(
  tx: TTransaction,
  options: TQueueTurnOptions,
): Promise<{ turnId: string; messageId: string }> {
  await assertAutomationsEnabled([options.automationId], tx);
  const number = (await tx.turn.count({ where: { sessionId: options.sessionId } })) + 1;
  const turn = await tx.turn.create({
    data: {
      sessionId: options.sessionId,
      organizationId: options.organizationId,
      number,
      initiatedById: options.authorId,
      deadlineAt: new Date(Date.now() + env.TURN_DEADLINE_SECONDS * 1000),
    },
    select: { id: true },
  });
  const message = await tx.sessionMessage.create({
    data: {
      sessionId: options.sessionId,
      turnId: turn.id,
      role: options.instruction ? "SYSTEM" : "USER",
      body: options.message,
      authorId: options.instruction ? null : options.authorId,
    },
    select: { id: true },
  });
  if (hasCallerMaterial(options.callerCredentials)) {
    await createCallerGrant(tx, {
      turnId: turn.id,
      callerCredentials: options.callerCredentials,
      expiresAt: options.callerCredentialExpiresAt ?? null,
      suppliedById: options.authorId,
    });
  }
  await appendEvent(tx, options.sessionId, "session.changed", {
    reason: "message.created",
    executionId: turn.id,
    messageId: message.id,
  });
  await enqueue(tx, { kind: "agent-turn", turnId: turn.id, organizationId: options.organizationId });
  return { turnId: turn.id, messageId: message.id };
}

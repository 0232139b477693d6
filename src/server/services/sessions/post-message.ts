import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { queueFollowUp } from "./queue-turn";
import { assertCanDrive, authorizeSessionView } from "./session-access";

/**
 * Appends a message and queues the next turn (spec 4.2), never refused because the session is
 * busy (docs/conversations.md): the message is stored at once and `executionId` names the turn
 * that will answer it. Turns still run one at a time: behind a running or suspended turn the new
 * one waits and starts when that one settles; a queued turn not started yet is superseded by
 * the new one, which answers both messages.
 */
export async function postMessage(
  actor: TUserActor,
  o: {
    sessionId: string;
    message: string;
    callerCredentials?: TCallerCredentials;
    /** An Idempotency-Key's recorder (answerIdempotently), called inside the append's transaction. */
    record?: TRecordAnswer<{ executionId: string }>;
  },
): Promise<{ executionId: string }> {
  const access = await authorizeSessionView(actor, o.sessionId);
  assertCanDrive(access);
  // A flow run's session is the run's audit trail: the flow took its input when it started.
  if (await db().flowRun.findUnique({ where: { sessionId: access.session.id }, select: { id: true } })) {
    throw new AppError(
      "CONFLICT",
      "This session is a flow run: flows take their input when they start and accept no messages. Start a new run instead.",
    );
  }
  return db().$transaction(async (tx) => {
    // The session's row lock: messages of one session are taken one at a time (queueFollowUp).
    await tx.agentSession.update({
      where: { id: access.session.id },
      data: { updatedAt: new Date() },
      select: { id: true },
    });
    const { turnId } = await queueFollowUp(tx, {
      sessionId: access.session.id,
      organizationId: access.session.organizationId,
      automationId: access.session.automationId,
      message: o.message,
      authorId: actor.userId,
      callerCredentials: o.callerCredentials,
    });
    await o.record?.(tx, { executionId: turnId });
    return { executionId: turnId };
  });
}

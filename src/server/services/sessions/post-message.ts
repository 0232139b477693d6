import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { queueTurn } from "./queue-turn";
import { assertCanDrive, authorizeSessionView } from "./session-access";

/**
 * Appends a message and queues the next turn (spec 4.2). One turn at a time: while a turn is
 * queued, running or suspended the message is refused with 409 CONFLICT (docs/decisions.md).
 */
export async function postMessage(
  actor: TUserActor,
  o: { sessionId: string; message: string; callerCredentials?: TCallerCredentials },
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
    // The row lock serializes concurrent messages, so two cannot both pass the check below.
    await tx.agentSession.update({
      where: { id: access.session.id },
      data: { updatedAt: new Date() },
      select: { id: true },
    });
    const active = await tx.turn.findFirst({
      where: { sessionId: access.session.id, status: { in: ["QUEUED", "RUNNING", "SUSPENDED"] } },
      select: { id: true, status: true },
    });
    if (active) {
      throw new AppError(
        "CONFLICT",
        `A turn of this session is still ${active.status === "SUSPENDED" ? "waiting for an approval" : "in progress"}; send the message when it has finished.`,
        {
          details: { executionId: active.id },
        },
      );
    }
    const { turnId } = await queueTurn(tx, {
      sessionId: access.session.id,
      organizationId: access.session.organizationId,
      automationId: access.session.automationId,
      message: o.message,
      authorId: actor.userId,
      callerCredentials: o.callerCredentials,
    });
    return { executionId: turnId };
  });
}

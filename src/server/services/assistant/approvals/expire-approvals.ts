import { db } from "@/server/db/client";
import { enqueue } from "@/server/jobs/enqueue";
import { dropParkedAction } from "./decide-approval";

const SWEEP_BATCH = 200;
/** An approved action whose job has not started it after this long lost its wake-up. */
const LOST_AFTER_MS = 60_000;

/**
 * Expires every pending approval past its expires_at (spec 4.8: through this sweep on the
 * engine, never by a reader's clock): the approval becomes `expired` and its action is dropped
 * (`action.recorded`), each in its own transaction, guarded against a decision racing it.
 * Returns how many expired.
 */
export async function expireDueApprovals(now = new Date()): Promise<number> {
  const due = await db().assistantApproval.findMany({
    where: { state: "PENDING", expiresAt: { lte: now } },
    orderBy: { expiresAt: "asc" },
    take: SWEEP_BATCH,
    select: {
      id: true,
      actionId: true,
      number: true,
      action: {
        select: {
          action: true,
          toolCall: { select: { id: true, toolName: true, args: true, turnId: true, sessionId: true } },
        },
      },
    },
  });
  let expired = 0;
  for (const approval of due) {
    await db().$transaction(async (tx) => {
      const moved = await tx.assistantApproval.updateMany({
        where: { id: approval.id, state: "PENDING" },
        data: { state: "EXPIRED" },
      });
      if (moved.count !== 1) return;
      await dropParkedAction(
        tx,
        approval,
        "APPROVAL_EXPIRED",
        `Nobody decided approval ${approval.number} before it expired; the action was not run.`,
      );
      expired++;
    });
  }
  return expired;
}

/** Wakes approved actions whose job was lost (their call still waits a minute after the decision). */
export async function wakeApprovedActions(now = new Date()): Promise<number> {
  const lost = await db().assistantAction.findMany({
    where: {
      state: "PENDING",
      toolCall: { status: "AWAITING_APPROVAL" },
      approval: { state: "DECIDED", decision: "APPROVE", decidedAt: { lte: new Date(now.getTime() - LOST_AFTER_MS) } },
    },
    take: SWEEP_BATCH,
    select: { id: true },
  });
  if (lost.length)
    await db().$transaction(
      async (tx) =>
        void (await Promise.all(lost.map((action) => enqueue(tx, { kind: "assistant-action", actionId: action.id })))),
    );
  return lost.length;
}

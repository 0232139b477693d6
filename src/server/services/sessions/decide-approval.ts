import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { appendEvent } from "@/server/execution/event-log";
import { rejectParkedCall, resumeSuspendedTurn } from "@/server/execution/parked-calls";
import { enqueue } from "@/server/jobs/enqueue";
import { replaceCallerGrant } from "@/server/services/caller-credentials/grants";
import { mayDecideApproval } from "./approval-rule";
import { authorizeSessionView } from "./session-access";

export type TDecideApprovalOptions = {
  sessionId: string;
  decision: "approved" | "rejected";
  approvalId?: string;
  comment?: string;
  callerCredentials?: TCallerCredentials;
  /** An Idempotency-Key's recorder (answerIdempotently), called inside the decision's transaction. */
  record?: TRecordAnswer<TApprovalDecided>;
};

export type TApprovalDecided = { ok: true; approvalId: string; decision: "approved" | "rejected" };

const conflict = (message: string) => new AppError("CONFLICT", message);

/** What the model is told about a refused call. */
export function rejectionMessage(name: string, comment: string | undefined): string {
  return `Rejected by ${name}${comment?.trim() ? `: ${comment.trim()}` : ""}`;
}

/**
 * Decides the session's pending approval (spec 4.2 turn-approval). The decision is taken at
 * most once (a second one, or a stale approvalId, is 409 CONFLICT); either way the turn is
 * queued again: approved, the parked call runs when the turn resumes; rejected, the model is
 * told and the turn continues to its answer.
 */
export async function decideApproval(actor: TUserActor, o: TDecideApprovalOptions): Promise<TApprovalDecided> {
  const access = await authorizeSessionView(actor, o.sessionId);
  const pending = await db().approval.findFirst({
    where: { sessionId: access.session.id, status: "PENDING", turn: { status: "SUSPENDED" } },
    select: { id: true, turnId: true, toolCallId: true, toolName: true, routedToUserId: true },
  });
  if (!pending)
    throw conflict(
      "No approval is pending in this session: it was decided already or the turn has moved on. Re-read the session.",
    );
  if (o.approvalId && o.approvalId !== pending.id)
    throw conflict(
      "The approvalId is stale or names another approval; the session's pending approval is a different one. Re-read the session.",
    );
  const { approverRoles } = await db().domain.findUniqueOrThrow({
    where: { id: access.session.domainId },
    select: { approverRoles: true },
  });
  if (!mayDecideApproval(actor, access, pending, approverRoles)) {
    throw new AppError(
      "FORBIDDEN",
      pending.routedToUserId
        ? "This call runs on another person's caller credential; only that person can decide it."
        : "Your role in this domain is not among the domain's approvers.",
    );
  }
  const answer: TApprovalDecided = { ok: true, approvalId: pending.id, decision: o.decision };
  await db().$transaction(async (tx) => {
    const decided = await tx.approval.updateMany({
      where: { id: pending.id, status: "PENDING" },
      data: {
        status: o.decision === "approved" ? "APPROVED" : "REJECTED",
        decidedById: actor.userId,
        comment: o.comment ?? null,
        decidedAt: new Date(),
      },
    });
    if (decided.count !== 1) throw conflict("This approval was decided already.");
    if (!(await resumeSuspendedTurn(tx, pending.turnId)))
      throw conflict("The turn is no longer waiting for this approval. Re-read the session.");
    if (o.decision === "approved" && o.callerCredentials) {
      await replaceCallerGrant(tx, {
        turnId: pending.turnId,
        callerCredentials: o.callerCredentials,
        suppliedById: actor.userId,
      });
    }
    if (o.decision === "rejected") {
      const errorMessage = rejectionMessage(actor.name, o.comment);
      await rejectParkedCall(
        tx,
        {
          sessionId: access.session.id,
          turnId: pending.turnId,
          toolCallId: pending.toolCallId,
          name: pending.toolName,
        },
        "APPROVAL_REJECTED",
        errorMessage,
        { returnRow: true },
      );
    }
    await appendEvent(tx, access.session.id, "session.changed", {
      reason: "approval.decided",
      executionId: pending.turnId,
      approvalId: pending.id,
      decision: o.decision,
    });
    // A flow run's execution goes back to the flow queue, an agent turn to the agent queue.
    const flowRun = await tx.flowRun.findUnique({ where: { sessionId: access.session.id }, select: { id: true } });
    await enqueue(tx, {
      kind: flowRun ? "flow-run" : "agent-turn",
      turnId: pending.turnId,
      organizationId: actor.orgId,
    });
    await o.record?.(tx, answer);
  });
  return answer;
}

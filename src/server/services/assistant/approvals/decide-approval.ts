import type { TAssistantApproval } from "@/contracts/assistant/approval";
import { isUuid } from "@/contracts/common/ids";
import { db, type TTransaction } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { rejectParkedCall, setParkedCallArgs } from "@/server/execution/parked-calls";
import { enqueue } from "@/server/jobs/enqueue";
import { APPROVAL_SELECT, toAssistantApproval } from "@/server/services/assistant/actions/action-records";
import { settleAction } from "@/server/services/assistant/actions/propose-action";
import { queueWorkerTurn } from "@/server/services/assistant/conversation/queue-worker-turn";
import { idempotentCall } from "@/server/idempotency/idempotent-call";
import { readWorker, type TActiveWorker, type TWorkerTarget } from "@/server/services/assistant/workers/read-worker";

export type TApprovalDecision =
  { decision: "approve"; editedArgs?: Record<string, unknown> } | { decision: "reject" } | { instruction: string };

type TPending = {
  id: string;
  actionId: string;
  number: number;
  action: {
    action: string;
    toolCall: { id: string; toolName: string; args: unknown; turnId: string; sessionId: string };
  };
};

/** Drops the parked call of a rejected, revised or expired approval, with the reason the model and the platform see. */
export async function dropParkedAction(
  tx: TTransaction,
  pending: TPending,
  code: string,
  message: string,
): Promise<void> {
  const call = pending.action.toolCall;
  await rejectParkedCall(
    tx,
    { sessionId: call.sessionId, turnId: call.turnId, toolCallId: call.id, name: call.toolName },
    code,
    message,
  );
  await settleAction(tx, pending.actionId, { state: "DROPPED", code, message });
}

/** The revision turn's input: what was proposed, then the end user's words (never shown as a message). */
function revisionInstruction(pending: TPending, instruction: string): string {
  const { action, toolCall } = pending.action;
  return [
    `The user sent back the ${action} action you proposed (approval ${pending.number}: tool ${toolCall.toolName} with ${JSON.stringify(toolCall.args)}). It was not run.`,
    "Propose it again, revised as they ask:",
    instruction,
  ].join("\n");
}

async function applyDecision(
  tx: TTransaction,
  worker: TActiveWorker,
  pending: TPending,
  decision: TApprovalDecision,
): Promise<void> {
  const now = new Date();
  const data =
    "instruction" in decision
      ? { state: "DECIDED" as const, decision: "REVISE" as const, instruction: decision.instruction, decidedAt: now }
      : {
          state: "DECIDED" as const,
          decision: decision.decision === "approve" ? ("APPROVE" as const) : ("REJECT" as const),
          decidedAt: now,
        };
  // Decided at most once, also against a concurrent decision or the expiry sweep.
  const decided = await tx.assistantApproval.updateMany({ where: { id: pending.id, state: "PENDING" }, data });
  if (decided.count !== 1)
    throw new AppError(
      "CONFLICT",
      "This approval was decided already or has expired; read it again with GET /approvals.",
    );
  if ("instruction" in decision) {
    await dropParkedAction(tx, pending, "APPROVAL_REVISED", `Sent back for revision: ${decision.instruction}`);
    await queueWorkerTurn(tx, worker, { text: revisionInstruction(pending, decision.instruction), instruction: true });
  } else if (decision.decision === "reject") {
    await dropParkedAction(tx, pending, "APPROVAL_REJECTED", "Rejected by the user.");
  } else {
    if (decision.editedArgs) {
      // The call runs with what the end user approved; the approval keeps that it was edited.
      await tx.assistantApproval.update({
        where: { id: pending.id },
        data: { editedArgs: decision.editedArgs as object },
        select: { id: true },
      });
      await setParkedCallArgs(tx, pending.action.toolCall.id, decision.editedArgs as object);
    }
    await enqueue(tx, { kind: "assistant-action", actionId: pending.actionId });
  }
}

/**
 * POST /workers/{w}/approvals/{id} (spec 4.8): approve (the action runs on the engine, with
 * edited_args when given), reject (the action is dropped) or send back with an instruction (the
 * action is dropped and a turn of the assistant proposes it again, revised, as a new approval).
 * One decision per approval: a second, or one after expires_at, is 409. An approval past its TTL
 * but not yet swept is refused without being changed here: expiry is the sweeper's.
 */
export async function decideWorkerApproval(
  o: TWorkerTarget & { approvalId: string; idempotencyKey: string | null; decision: TApprovalDecision },
): Promise<{ body: TAssistantApproval; replayed: boolean }> {
  const worker = await readWorker(o);
  if (!isUuid(o.approvalId)) throw notFound("approval");
  const request = "instruction" in o.decision ? { instruction: o.decision.instruction } : o.decision;
  return idempotentCall<TAssistantApproval>({
    orgId: o.orgId,
    scope: `assistant.approvals:${o.approvalId}`,
    key: o.idempotencyKey,
    request,
    status: 200,
    execute: (record) =>
      db().$transaction(async (tx) => {
        const pending = await tx.assistantApproval.findFirst({
          where: { id: o.approvalId, workerId: worker.id },
          select: {
            id: true,
            actionId: true,
            number: true,
            state: true,
            expiresAt: true,
            action: {
              select: {
                action: true,
                toolCall: { select: { id: true, toolName: true, args: true, turnId: true, sessionId: true } },
              },
            },
          },
        });
        if (!pending) throw notFound("approval");
        if (pending.state !== "PENDING")
          throw new AppError(
            "CONFLICT",
            `This approval is ${pending.state === "EXPIRED" ? "expired" : "decided already"}; a decision is taken once.`,
          );
        if (pending.expiresAt.getTime() <= Date.now())
          throw new AppError(
            "CONFLICT",
            "This approval expired at its expires_at; the action will not run. Ask the assistant again if it is still wanted.",
          );
        await applyDecision(tx, worker, pending, o.decision);
        const body = toAssistantApproval(
          await tx.assistantApproval.findUniqueOrThrow({ where: { id: pending.id }, select: APPROVAL_SELECT }),
        );
        await record?.(tx, body);
        return body;
      }),
  });
}

import type { TAssistantApproval } from "@/contracts/assistant/approval";
import type { TActionClass } from "@/contracts/assistant/actions";
import type { TTransaction } from "@/server/db/client";
import { maskToolArgs } from "@/server/integrations/invoke-tool";
import { recordAssistantEvent } from "@/server/services/assistant/events/record-assistant-event";

/** What an approval is read with, for the API and for `approval.requested`. */
export const APPROVAL_SELECT = {
  id: true,
  actionId: true,
  number: true,
  state: true,
  decision: true,
  requestedAt: true,
  expiresAt: true,
  decidedAt: true,
  action: { select: { action: true, summary: true, toolCall: { select: { args: true } } } },
} as const;

type TApprovalRow = {
  id: string;
  actionId: string;
  number: number;
  state: "PENDING" | "DECIDED" | "EXPIRED";
  decision: "APPROVE" | "REJECT" | "REVISE" | null;
  requestedAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
  action: { action: string; summary: string; toolCall: { args: unknown } };
};

const DECISION = { APPROVE: "approve", REJECT: "reject", REVISE: "instruction" } as const;

const argsObject = (args: unknown): Record<string, unknown> =>
  args && typeof args === "object" && !Array.isArray(args) ? maskToolArgs(args as Record<string, unknown>) : {};

/** The approval as GET /approvals returns it and `approval.requested` carries it (snake_case, spec 4.8). */
export function toAssistantApproval(row: TApprovalRow): TAssistantApproval {
  return {
    id: row.id,
    action_id: row.actionId,
    action: row.action.action as TActionClass,
    preview: row.action.summary,
    args: argsObject(row.action.toolCall.args),
    state: row.state === "PENDING" ? "pending" : row.state === "DECIDED" ? "decided" : "expired",
    decision: row.decision ? DECISION[row.decision] : null,
    number: row.number,
    requested_at: row.requestedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

const PREVIEW_MAX = 240;

/** One line a person can read before deciding: the tool and its arguments, shortened. */
export function actionSummary(toolName: string, args: Record<string, unknown>): string {
  const line = `${toolName} ${JSON.stringify(maskToolArgs(args))}`;
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1)}…` : line;
}

const RESULT_STATUS = { PENDING: "pending", DONE: "done", FAILED: "failed", DROPPED: "dropped" } as const;

/**
 * Records `action.recorded` for the action as it stands in this transaction: when it is
 * proposed, and again with the same action_id when it is done, failed or dropped (spec 6.2).
 */
export async function recordActionEvent(tx: TTransaction, actionId: string): Promise<void> {
  const action = await tx.assistantAction.findUniqueOrThrow({
    where: { id: actionId },
    select: {
      id: true,
      organizationId: true,
      workerId: true,
      action: true,
      mode: true,
      trigger: true,
      summary: true,
      state: true,
      resultCode: true,
      resultMessage: true,
      approval: { select: { id: true, number: true, state: true, decision: true, expiresAt: true } },
    },
  });
  const approval = action.approval;
  await recordAssistantEvent(tx, {
    organizationId: action.organizationId,
    workerId: action.workerId,
    type: "action.recorded",
    data: {
      action_id: action.id,
      at: new Date().toISOString(),
      action: action.action,
      summary: action.summary,
      trigger: action.trigger,
      approval: approval
        ? {
            id: approval.id,
            number: approval.number,
            state: approval.state.toLowerCase(),
            decision: approval.decision ? DECISION[approval.decision] : null,
            expires_at: approval.expiresAt.toISOString(),
          }
        : null,
      result: {
        status: RESULT_STATUS[action.state],
        policy: action.mode,
        ...(action.resultCode ? { error_code: action.resultCode } : {}),
        ...(action.resultMessage ? { message: action.resultMessage } : {}),
      },
    },
  });
}

/** Records `approval.requested`: the approval exactly as GET /approvals returns it. */
export async function recordApprovalRequested(tx: TTransaction, approvalId: string): Promise<void> {
  const row = await tx.assistantApproval.findUniqueOrThrow({
    where: { id: approvalId },
    select: { ...APPROVAL_SELECT, organizationId: true, workerId: true },
  });
  await recordAssistantEvent(tx, {
    organizationId: row.organizationId,
    workerId: row.workerId,
    type: "approval.requested",
    data: toAssistantApproval(row),
  });
}

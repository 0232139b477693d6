import type { TSessionDetails } from "@/contracts/sessions/session-details";
import type { TUserActor } from "@/server/auth/actor";
import { maskToolArgs } from "@/server/integrations/invoke-tool";
import { microToUsd } from "@/server/services/usage/usage-scope";
import { isTestRunRevision } from "@/server/services/revisions/test-run-revision";
import { mayDecideApproval } from "./approval-rule";
import { canManageSession, readOnlyReason, type TSessionAccess } from "./session-access";
import type { TSessionDetailsRow } from "./session-details-row";

type TApprovalRow = NonNullable<TSessionDetailsRow["turns"][number]["toolCalls"][number]["approval"]>;

/** A decided approval as the transcript shows it; pending ones are `pendingApproval`. */
function toDecision(approval: TApprovalRow | null): TSessionDetails["turns"][number]["toolCalls"][number]["decision"] {
  if (!approval || approval.status === "PENDING" || !approval.decidedAt) return null;
  return {
    decision: approval.status === "APPROVED" ? "approved" : "rejected",
    comment: approval.comment,
    decidedBy: approval.decidedBy ? { userId: approval.decidedBy.id, name: approval.decidedBy.name } : null,
    decidedAt: approval.decidedAt.toISOString(),
  };
}

/** Stored arguments are the model's own; header values are hidden whenever they are shown. */
function maskArgs(args: unknown): unknown {
  return args && typeof args === "object" && !Array.isArray(args)
    ? maskToolArgs(args as Record<string, unknown>)
    : args;
}

function sessionState(turns: TSessionDetailsRow["turns"]): TSessionDetails["state"] {
  const last = turns.at(-1);
  if (!last) return "idle";
  if (last.status === "SUSPENDED") return "suspended";
  if (last.status === "QUEUED" || last.status === "RUNNING") return "running";
  return last.status === "FAILED" ? "failed" : "idle";
}

/** The public shape of a session for one caller (the flags describe that caller only). */
export function toSessionDetails(actor: TUserActor, access: TSessionAccess, row: TSessionDetailsRow): TSessionDetails {
  const pendingTurn = row.turns.find((turn) => turn.status === "SUSPENDED" && turn.approvals.length > 0);
  const approval = pendingTurn?.approvals[0];
  const reason = readOnlyReason(access);
  return {
    id: row.id,
    automationId: row.automationId,
    domainId: row.domainId,
    kind: row.kind === "PERSONAL" ? "personal" : "domain",
    origin: row.origin.toLowerCase() as TSessionDetails["origin"],
    title: row.title,
    outcome: row.outcome,
    archived: row.archivedAt !== null,
    revision: row.revision,
    testRun: isTestRunRevision(row.revision),
    state: sessionState(row.turns),
    pendingApproval:
      pendingTurn && approval
        ? {
            id: approval.id,
            executionId: pendingTurn.id,
            toolCallId: approval.toolCallId,
            toolName: approval.toolName,
            args: maskArgs(pendingTurn.toolCalls.find((call) => call.id === approval.toolCallId)?.args ?? null),
            userRouted: approval.routedToUserId !== null,
            canDecide: mayDecideApproval(actor, access, approval, row.domain.approverRoles),
            requestedAt: approval.createdAt.toISOString(),
          }
        : null,
    pendingApprovalId: approval?.id ?? null,
    messages: row.messages.map((message) => ({
      id: message.id,
      role: message.role.toLowerCase() as "user" | "assistant" | "system",
      body: message.body,
      executionId: message.turnId,
      createdAt: message.createdAt.toISOString(),
      author: message.author
        ? { userId: message.author.id, name: message.author.name, isYou: message.author.id === actor.userId }
        : null,
    })),
    turns: row.turns.map((turn) => ({
      executionId: turn.id,
      number: turn.number,
      status: turn.status.toLowerCase() as TSessionDetails["turns"][number]["status"],
      errorCode: turn.errorCode,
      errorMessage: turn.errorMessage,
      createdAt: turn.createdAt.toISOString(),
      finishedAt: turn.finishedAt?.toISOString() ?? null,
      usage: {
        inputTokens: turn.inputTokens,
        outputTokens: turn.outputTokens,
        costUsd: microToUsd(Number(turn.costMicroUsd)),
      },
      toolCalls: turn.toolCalls.map((call) => ({
        id: call.id,
        name: call.toolName,
        status: call.status.toLowerCase() as TSessionDetails["turns"][number]["toolCalls"][number]["status"],
        args: maskArgs(call.args),
        result: call.result ?? null,
        errorCode: call.errorCode,
        errorMessage: call.errorMessage,
        decision: toDecision(call.approval),
      })),
    })),
    canParticipate: reason === null,
    canManage: canManageSession(access),
    readOnlyReason: reason,
    createdAt: row.createdAt.toISOString(),
  };
}

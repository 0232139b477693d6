import { db, type TTransaction } from "@/server/db/client";
import { findAppError } from "@/server/errors";
import { appendEvent } from "@/server/events/append-event";
import { invokeTool, maskToolArgs } from "@/server/integrations/invoke-tool";
import { log } from "@/server/log";
import type { TModelToolCall } from "@/server/models/types";
import { searchKnowledge } from "@/server/services/knowledge/search-knowledge";
import { readCallerGrant, resolveToolCredential, usesCallerMaterial, type TCallerGrant } from "@/server/services/caller-credentials/grants";
import { settleActionOfCall } from "@/server/services/assistant/actions/propose-action";
import type { TTurnContext } from "./turn-context";

/**
 * What running a tool call needs from its execution: an agent turn's context, or a flow run's
 * (whose tools are its tool steps' tools and whose knowledge selection is none).
 */
export type TToolCallContext = Pick<TTurnContext, "turnId" | "sessionId" | "orgId" | "domainId" | "tools" | "workspace"> & {
  revision: Pick<TTurnContext["revision"], "knowledgeSelection">;
  /**
   * The index the next new call takes, when the caller knows it (a turn that had no calls
   * when its job started counts them itself); otherwise it is read from the database.
   */
  nextCallIndex?: number;
};

/** How a call ended, for callers that use the result (flow tool steps). */
export type TCallOutcome = { toolCallId: string } & ({ ok: true; result: unknown } | { ok: false; code: string; message: string });

/** Results above this size are recorded on the tool call but not copied into the event. */
const EVENT_RESULT_MAX = 16_000;

/** The turn's opened caller grant, or null when nothing was supplied for this turn. */
const loadGrant = (turnId: string): Promise<TCallerGrant | null> => readCallerGrant(db(), turnId);

export async function nextIndex(turnId: string): Promise<number> {
  const last = await db().toolCall.findFirst({ where: { turnId }, orderBy: { index: "desc" }, select: { index: true } });
  return (last?.index ?? -1) + 1;
}

/** Takes the next call index: counted in memory when the context knows it, else read. */
export async function takeIndex(context: TToolCallContext): Promise<number> {
  if (context.nextCallIndex === undefined) return nextIndex(context.turnId);
  return context.nextCallIndex++;
}

const INTERRUPTED = "The worker running this tool call stopped before it finished; it was not run again, because it may have had effects.";

/**
 * Closes a call found RUNNING by a later attempt (its worker died): it is never re-run silently,
 * because it may have had effects; it fails TOOL_CALL_INTERRUPTED, and so does its action.
 */
export async function failInterruptedCall(tx: TTransaction, call: { sessionId: string; turnId: string; toolCallId: string; name: string }): Promise<void> {
  await tx.toolCall.update({ where: { id: call.toolCallId }, data: { status: "FAILED", errorCode: "TOOL_CALL_INTERRUPTED", errorMessage: INTERRUPTED, finishedAt: new Date() } });
  await appendEvent(tx, call.sessionId, "tool_call.finished", { executionId: call.turnId, toolCallId: call.toolCallId, name: call.name, status: "failed", errorCode: "TOOL_CALL_INTERRUPTED" });
  await settleActionOfCall(tx, call.toolCallId, { ok: false, code: "TOOL_CALL_INTERRUPTED", message: INTERRUPTED });
}

/** A call that cannot run at all (unknown tool): recorded FAILED, and the model is told. */
export async function recordUnavailableCall(context: TToolCallContext, call: TModelToolCall, message?: string): Promise<void> {
  const index = await takeIndex(context);
  const errorMessage = message ?? `The tool ${call.name} is not available to this agent: use only the tools its procedure references.`;
  await db().$transaction(async (tx) => {
    const row = await tx.toolCall.create({
      data: { turnId: context.turnId, sessionId: context.sessionId, index, toolName: call.name, integrationId: "", args: call.args as object, status: "FAILED", errorCode: "TOOL_NOT_AVAILABLE", errorMessage, finishedAt: new Date() },
      select: { id: true },
    });
    await appendEvent(tx, context.sessionId, "tool_call.finished", { executionId: context.turnId, toolCallId: row.id, name: call.name, status: "failed", errorCode: "TOOL_NOT_AVAILABLE" });
  });
}

/**
 * Parks a call that needs a person's approval: the ToolCall waits, an Approval exists (routed
 * to the person whose caller material the call would use), the turn is SUSPENDED and
 * `turn.suspended` names the approval. The job then ends; a decision queues a new one.
 */
export async function suspendForApproval(context: TTurnContext, call: TModelToolCall): Promise<void> {
  const offered = context.tools.get(call.name)!;
  const grant = await loadGrant(context.turnId);
  const userRouted = grant !== null && usesCallerMaterial(offered.identityMode, grant, offered.integration.id);
  const index = await takeIndex(context);
  await db().$transaction(async (tx) => {
    const row = await tx.toolCall.create({
      data: { turnId: context.turnId, sessionId: context.sessionId, index, toolName: call.name, integrationId: offered.integration.id, args: call.args as object, status: "AWAITING_APPROVAL" },
      select: { id: true },
    });
    const approval = await tx.approval.create({
      data: { sessionId: context.sessionId, turnId: context.turnId, toolCallId: row.id, toolName: call.name, routedToUserId: userRouted ? grant.suppliedById : null },
      select: { id: true },
    });
    await tx.turn.update({ where: { id: context.turnId }, data: { status: "SUSPENDED" }, select: { id: true } });
    await appendEvent(tx, context.sessionId, "turn.suspended", {
      executionId: context.turnId,
      approvalId: approval.id,
      toolName: call.name,
      toolCallId: row.id,
      args: maskToolArgs(call.args),
    });
  });
}

type TCallResult = { ok: true; result: unknown } | { ok: false; code: string; message: string };

/**
 * Writes that belong to a call's own transactions: `started` commits with its RUNNING row,
 * `finished` with its result (an assistant action is recorded and settled this way).
 */
export type TCallHooks = {
  started?: (tx: TTransaction, toolCallId: string) => Promise<void>;
  finished?: (tx: TTransaction, toolCallId: string, outcome: TCallResult) => Promise<void>;
};

async function finishCall(context: TToolCallContext, toolCallId: string, name: string, outcome: TCallResult, hooks: TCallHooks = {}): Promise<void> {
  await db().$transaction(async (tx) => {
    await tx.toolCall.update({
      where: { id: toolCallId },
      data: outcome.ok
        ? { status: "SUCCEEDED", result: (outcome.result ?? null) as object, finishedAt: new Date() }
        : { status: "FAILED", errorCode: outcome.code, errorMessage: outcome.message, finishedAt: new Date() },
      select: { id: true },
    });
    const small = outcome.ok && JSON.stringify(outcome.result ?? null).length <= EVENT_RESULT_MAX;
    await appendEvent(tx, context.sessionId, "tool_call.finished", {
      executionId: context.turnId,
      toolCallId,
      name,
      status: outcome.ok ? "succeeded" : "failed",
      ...(outcome.ok ? (small ? { result: outcome.result ?? null } : { resultOmitted: true }) : { errorCode: outcome.code }),
    });
    await hooks.finished?.(tx, toolCallId, outcome);
  });
}

/**
 * Runs one call: section 5 credential resolution (a refusal fails the call with its code and
 * `caller_credential.failed`, never falling back), then the tool, recording start and finish.
 * `existingId` is a parked call that was approved.
 */
export async function executeToolCall(context: TToolCallContext, call: TModelToolCall, existingId?: string, hooks: TCallHooks = {}): Promise<TCallOutcome> {
  const offered = context.tools.get(call.name)!;
  const index = existingId ? 0 : await takeIndex(context);
  const toolCallId = await db().$transaction(async (tx) => {
    const id = existingId
      ? (await tx.toolCall.update({ where: { id: existingId }, data: { status: "RUNNING", startedAt: new Date() }, select: { id: true } })).id
      : (
          await tx.toolCall.create({
            data: { turnId: context.turnId, sessionId: context.sessionId, index, toolName: call.name, integrationId: offered.integration.id, args: call.args as object, status: "RUNNING", startedAt: new Date() },
            select: { id: true },
          })
        ).id;
    await appendEvent(tx, context.sessionId, "tool_call.started", { executionId: context.turnId, toolCallId: id, name: call.name, args: maskToolArgs(call.args) });
    await hooks.started?.(tx, id);
    return id;
  });

  let credential = null;
  if (offered.integration.credential.prefers !== "none") {
    const decision = await resolveToolCredential({ orgId: context.orgId, domainId: context.domainId, integration: offered.integration, identityMode: offered.identityMode, grant: await loadGrant(context.turnId), now: new Date() });
    if (!decision.ok) {
      await db().$transaction((tx) =>
        appendEvent(tx, context.sessionId, "caller_credential.failed", { executionId: context.turnId, toolCallId, integrationId: offered.integration.id, code: decision.code }),
      );
      await finishCall(context, toolCallId, call.name, { ok: false, code: decision.code, message: decision.message }, hooks);
      return { toolCallId, ok: false, code: decision.code, message: decision.message };
    }
    credential = decision.credential;
    await db().toolCall.update({ where: { id: toolCallId }, data: { identity: decision.identity }, select: { id: true } });
  }

  try {
    const result = await invokeTool({
      orgId: context.orgId,
      domainId: context.domainId,
      integration: offered.integration,
      toolName: call.name,
      args: call.args,
      credential,
      searchKnowledge: (query, limit) => searchKnowledge({ orgId: context.orgId, domainId: context.domainId, selection: context.revision.knowledgeSelection, query, limit }),
      workspace: context.workspace,
    });
    await finishCall(context, toolCallId, call.name, { ok: true, result }, hooks);
    return { toolCallId, ok: true, result };
  } catch (error) {
    const appError = findAppError(error);
    if (!appError) log.warn("tool call failed unexpectedly", { tool: call.name, error });
    const reason = appError?.details?.reason;
    const code = appError ? (typeof reason === "string" ? `TOOL_${reason.toUpperCase()}` : appError.code) : "TOOL_FAILED";
    const message = appError?.message ?? "The tool call failed unexpectedly.";
    await finishCall(context, toolCallId, call.name, { ok: false, code, message }, hooks);
    return { toolCallId, ok: false, code, message };
  }
}

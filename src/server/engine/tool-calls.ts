import { db, type TTransaction } from "@/server/db/client";
import { findAppError } from "@/server/errors";
import type { TNewEvent } from "@/server/execution/event-log";
import { closeInterruptedCall, parkCallForApproval } from "@/server/execution/parked-calls";
import {
  finishCall,
  recordUnavailableCall as recordUnavailableCallRow,
  startCall,
  type TCallHooks,
} from "@/server/execution/tool-call-system";
import { invokeTool } from "@/server/integrations/invoke-tool";
import { log } from "@/server/log";
import type { TModelToolCall } from "@/server/models/types";
import { searchKnowledge } from "@/server/services/knowledge/search-knowledge";
import {
  readCallerGrant,
  resolveToolCredential,
  usesCallerMaterial,
  type TCallerGrant,
} from "@/server/services/caller-credentials/grants";
import { settleActionOfCall } from "@/server/services/assistant/actions/propose-action";
import { SETTLE_HOOKS } from "@/server/services/sessions/settle-hooks";
import type { TTurnContext } from "./turn-context";

/**
 * What running a tool call needs from its execution: an agent turn's context, or a flow run's
 * (whose tools are its tool steps' tools and whose knowledge selection is none).
 */
export type TToolCallContext = Pick<
  TTurnContext,
  "turnId" | "sessionId" | "orgId" | "domainId" | "tools" | "workspace" | "hasGrant" | "attempt"
> & {
  revision: Pick<TTurnContext["revision"], "knowledgeSelection">;
  /**
   * The index the next new call takes, when the caller knows it (a turn that had no calls
   * when its job started counts them itself); otherwise it is read from the database.
   */
  nextCallIndex?: number;
};

/**
 * How a call ended, for callers that use the result (flow tool steps); `settled`: its finish
 * settled the turn too (TCallHooks.settlesTurn).
 */
export type TCallOutcome = { toolCallId: string } & (
  { ok: true; result: unknown; settled: boolean } | { ok: false; code: string; message: string }
);

/**
 * The turn's opened caller grant, or null when nothing was supplied for this turn. A grant is
 * only ever written before its turn is claimed (at the start, or with an approval's decision,
 * which queues a new claim), so a claim that found none (`hasGrant` false) needs no read.
 */
const loadGrant = (context: TToolCallContext): Promise<TCallerGrant | null> =>
  context.hasGrant === false ? Promise.resolve(null) : readCallerGrant(db(), context.turnId);

export async function nextIndex(turnId: string): Promise<number> {
  const last = await db().toolCall.findFirst({
    where: { turnId },
    orderBy: { index: "desc" },
    select: { index: true },
  });
  return (last?.index ?? -1) + 1;
}

/** Takes the next call index: counted in memory when the context knows it, else read. */
export async function takeIndex(context: TToolCallContext): Promise<number> {
  if (context.nextCallIndex === undefined) return nextIndex(context.turnId);
  return context.nextCallIndex++;
}

const INTERRUPTED =
  "The worker running this tool call stopped before it finished; it was not run again, because it may have had effects.";

/**
 * Closes a call found RUNNING by a later attempt (its worker died): it is never re-run silently,
 * because it may have had effects; it fails TOOL_CALL_INTERRUPTED, and so does its action.
 */
export async function failInterruptedCall(
  tx: TTransaction,
  call: { sessionId: string; turnId: string; toolCallId: string; name: string },
): Promise<void> {
  await closeInterruptedCall(tx, call, INTERRUPTED);
  await settleActionOfCall(tx, call.toolCallId, { ok: false, code: "TOOL_CALL_INTERRUPTED", message: INTERRUPTED });
}

/** A call that cannot run at all (unknown tool): recorded FAILED, and the model is told. */
export async function recordUnavailableCall(
  context: TToolCallContext,
  call: TModelToolCall,
  message?: string,
): Promise<void> {
  const index = await takeIndex(context);
  const errorMessage =
    message ?? `The tool ${call.name} is not available to this agent: use only the tools its procedure references.`;
  await recordUnavailableCallRow(context, { index, name: call.name, args: call.args, errorMessage });
}

/**
 * Parks a call that needs a person's approval: the ToolCall waits, an Approval exists (routed
 * to the person whose caller material the call would use), the turn is SUSPENDED and
 * `turn.suspended` names the approval. The job then ends; a decision queues a new one.
 */
export async function suspendForApproval(context: TTurnContext, call: TModelToolCall): Promise<void> {
  const offered = context.tools.get(call.name)!;
  const grant = await loadGrant(context);
  const userRouted = grant !== null && usesCallerMaterial(offered.identityMode, grant, offered.integration.id);
  const index = await takeIndex(context);
  await db().$transaction((tx) =>
    parkCallForApproval(
      tx,
      context,
      {
        index,
        toolName: call.name,
        integrationId: offered.integration.id,
        args: call.args,
        routedToUserId: userRouted ? grant.suppliedById : null,
      },
      SETTLE_HOOKS,
    ),
  );
}

export type { TCallHooks };

/**
 * Runs one call: section 5 credential resolution (a refusal fails the call with its code and
 * `caller_credential.failed`, never falling back), then the tool, recording start and finish.
 * `existingId` is a parked call that was approved. The credential is resolved first, so the
 * start records whose credential the call uses (`identity`) with its RUNNING row.
 */
export async function executeToolCall(
  context: TToolCallContext,
  call: TModelToolCall,
  existingId?: string,
  hooks: TCallHooks = {},
): Promise<TCallOutcome> {
  const offered = context.tools.get(call.name)!;
  const index = existingId ? 0 : await takeIndex(context);
  const decision =
    offered.integration.credential.prefers === "none"
      ? null
      : await resolveToolCredential({
          orgId: context.orgId,
          domainId: context.domainId,
          integration: offered.integration,
          identityMode: offered.identityMode,
          grant: await loadGrant(context),
          now: new Date(),
        });
  const identity = decision?.ok ? decision.identity : null;
  const toolCallId = existingId ?? crypto.randomUUID();
  // A call may have effects: an attempt that lost its job never starts one (see startCall).
  context.attempt?.signal.throwIfAborted();
  await startCall(
    context,
    {
      toolCallId,
      existingId,
      index,
      name: call.name,
      integrationId: offered.integration.id,
      args: call.args,
      identity,
    },
    hooks,
  );

  if (decision && !decision.ok) {
    // A refusal: `caller_credential.failed`, then the call's `finished`, in its one statement.
    const refused: TNewEvent = {
      type: "caller_credential.failed",
      data: { executionId: context.turnId, toolCallId, integrationId: offered.integration.id, code: decision.code },
    };
    await finishCall(
      context,
      toolCallId,
      call.name,
      { ok: false, code: decision.code, message: decision.message },
      hooks,
      [refused],
    );
    return { toolCallId, ok: false, code: decision.code, message: decision.message };
  }
  const credential = decision?.ok ? decision.credential : null;

  try {
    const result = await invokeTool({
      orgId: context.orgId,
      domainId: context.domainId,
      integration: offered.integration,
      toolName: call.name,
      args: call.args,
      credential,
      searchKnowledge: (query, limit) =>
        searchKnowledge({
          orgId: context.orgId,
          domainId: context.domainId,
          selection: context.revision.knowledgeSelection,
          query,
          limit,
        }),
      workspace: context.workspace,
    });
    const settled = await finishCall(context, toolCallId, call.name, { ok: true, result }, hooks);
    return { toolCallId, ok: true, result, settled };
  } catch (error) {
    const appError = findAppError(error);
    if (!appError) log.warn("tool call failed unexpectedly", { tool: call.name, error });
    const reason = appError?.details?.reason;
    const code = appError
      ? typeof reason === "string"
        ? `TOOL_${reason.toUpperCase()}`
        : appError.code
      : "TOOL_FAILED";
    const message = appError?.message ?? "The tool call failed unexpectedly.";
    await finishCall(context, toolCallId, call.name, { ok: false, code, message }, hooks);
    return { toolCallId, ok: false, code, message };
  }
}

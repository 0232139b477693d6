import { db, queryRows, type TTransaction } from "@/server/db/client";
import { findAppError } from "@/server/errors";
import { Prisma } from "@/server/db/generated/client";
import { appendEvent, appendEventsSql, type TNewEvent } from "@/server/execution/event-log";
import { invokeTool, maskToolArgs } from "@/server/integrations/invoke-tool";
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
import { AttemptStopped } from "./attempt-stopped";
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

/** How a call ended, for callers that use the result (flow tool steps). */
export type TCallOutcome = { toolCallId: string } & (
  { ok: true; result: unknown } | { ok: false; code: string; message: string }
);

/**
 * The fence of a call's start: the turn is RUNNING under this attempt (its claim counts
 * attempts). A stale attempt, still running after its job was handed to another, starts nothing.
 */
function attemptHolds(context: TToolCallContext): Prisma.Sql {
  if (!context.attempt) return Prisma.sql`true`;
  return Prisma.sql`EXISTS (SELECT 1 FROM turns WHERE id = ${context.turnId}::uuid AND status = 'RUNNING' AND attempts = ${context.attempt.number}::int)`;
}

/** Results above this size are recorded on the tool call but not copied into the event. */
const EVENT_RESULT_MAX = 16_000;

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
  await tx.toolCall.update({
    where: { id: call.toolCallId },
    data: { status: "FAILED", errorCode: "TOOL_CALL_INTERRUPTED", errorMessage: INTERRUPTED, finishedAt: new Date() },
  });
  await appendEvent(tx, call.sessionId, "tool_call.finished", {
    executionId: call.turnId,
    toolCallId: call.toolCallId,
    name: call.name,
    status: "failed",
    errorCode: "TOOL_CALL_INTERRUPTED",
  });
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
  const toolCallId = crypto.randomUUID();
  const now = new Date();
  const row = Prisma.sql`INSERT INTO tool_calls (id, "turnId", "sessionId", index, "toolName", "integrationId", args, status, "errorCode", "errorMessage", "finishedAt", "createdAt")
    VALUES (${toolCallId}::uuid, ${context.turnId}::uuid, ${context.sessionId}::uuid, ${index}::int, ${call.name}, '', ${JSON.stringify(call.args)}::jsonb, 'FAILED', 'TOOL_NOT_AVAILABLE', ${errorMessage}, ${now}::timestamp(3), ${now}::timestamp(3))
    RETURNING id`;
  const finished: TNewEvent = {
    type: "tool_call.finished",
    data: {
      executionId: context.turnId,
      toolCallId,
      name: call.name,
      status: "failed",
      errorCode: "TOOL_NOT_AVAILABLE",
    },
  };
  await recordCall(db(), context.sessionId, row, [finished], now);
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
  await db().$transaction(async (tx) => {
    const row = await tx.toolCall.create({
      data: {
        turnId: context.turnId,
        sessionId: context.sessionId,
        index,
        toolName: call.name,
        integrationId: offered.integration.id,
        args: call.args as object,
        status: "AWAITING_APPROVAL",
      },
      select: { id: true },
    });
    const approval = await tx.approval.create({
      data: {
        sessionId: context.sessionId,
        turnId: context.turnId,
        toolCallId: row.id,
        toolName: call.name,
        routedToUserId: userRouted ? grant.suppliedById : null,
      },
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

/**
 * A call's row change and its events as one statement: alone it is atomic without a transaction
 * (one round trip instead of four), and inside a transaction it commits with the hooks' writes.
 * The events are appended only if the row changed, at the row's own time `now`; the statement
 * answers one row per event exactly then.
 */
async function recordCall(
  runner: TTransaction,
  sessionId: string,
  row: Prisma.Sql,
  events: TNewEvent[],
  now: Date,
): Promise<void> {
  const append = appendEventsSql(sessionId, events, now, Prisma.sql`EXISTS (SELECT 1 FROM recorded)`);
  const rows = await queryRows<unknown>(
    runner,
    Prisma.sql`WITH recorded AS (${row}), ${append.members} SELECT ${append.notify} AS notified FROM appended`,
  );
  if (rows.length === 0 && events.some((event) => event.type === "tool_call.started"))
    throw new AttemptStopped("another attempt holds the turn, so this one starts no tool call");
  if (rows.length !== events.length)
    throw new Error(`The tool call of session ${sessionId} could not be recorded: its row or its session is missing.`);
}

/** Runs `record` alone, or in a transaction with `hook` when there is one. */
async function withHook(
  record: (runner: TTransaction) => Promise<void>,
  hook?: (tx: TTransaction) => Promise<void>,
): Promise<void> {
  if (!hook) return record(db());
  await db().$transaction(async (tx) => {
    await record(tx);
    await hook(tx);
  });
}

/** Settles a call with its result; `before` are events that belong just before its `finished`. */
async function finishCall(
  context: TToolCallContext,
  toolCallId: string,
  name: string,
  outcome: TCallResult,
  hooks: TCallHooks = {},
  before: TNewEvent[] = [],
): Promise<void> {
  const now = new Date();
  const row = outcome.ok
    ? Prisma.sql`UPDATE tool_calls SET status = 'SUCCEEDED', result = ${JSON.stringify(outcome.result ?? null)}::jsonb, "finishedAt" = ${now}::timestamp(3) WHERE id = ${toolCallId}::uuid RETURNING id`
    : Prisma.sql`UPDATE tool_calls SET status = 'FAILED', "errorCode" = ${outcome.code}, "errorMessage" = ${outcome.message}, "finishedAt" = ${now}::timestamp(3) WHERE id = ${toolCallId}::uuid RETURNING id`;
  const small = outcome.ok && JSON.stringify(outcome.result ?? null).length <= EVENT_RESULT_MAX;
  const event: TNewEvent = {
    type: "tool_call.finished",
    data: {
      executionId: context.turnId,
      toolCallId,
      name,
      status: outcome.ok ? "succeeded" : "failed",
      ...(outcome.ok
        ? small
          ? { result: outcome.result ?? null }
          : { resultOmitted: true }
        : { errorCode: outcome.code }),
    },
  };
  const finished = hooks.finished;
  await withHook(
    (runner) => recordCall(runner, context.sessionId, row, [...before, event], now),
    finished && ((tx) => finished(tx, toolCallId, outcome)),
  );
}

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
  const now = new Date();
  // A call may have effects: an attempt that lost its job never starts one (see attemptHolds).
  context.attempt?.signal.throwIfAborted();
  const holds = attemptHolds(context);
  const row = existingId
    ? Prisma.sql`UPDATE tool_calls SET status = 'RUNNING', "startedAt" = ${now}::timestamp(3), identity = ${identity} WHERE id = ${existingId}::uuid AND ${holds} RETURNING id`
    : Prisma.sql`INSERT INTO tool_calls (id, "turnId", "sessionId", index, "toolName", "integrationId", args, status, identity, "startedAt", "createdAt")
        SELECT ${toolCallId}::uuid, ${context.turnId}::uuid, ${context.sessionId}::uuid, ${index}::int, ${call.name}, ${offered.integration.id}, ${JSON.stringify(call.args)}::jsonb, 'RUNNING', ${identity}, ${now}::timestamp(3), ${now}::timestamp(3)
        WHERE ${holds}
        RETURNING id`;
  const started: TNewEvent = {
    type: "tool_call.started",
    data: { executionId: context.turnId, toolCallId, name: call.name, args: maskToolArgs(call.args) },
  };
  const onStarted = hooks.started;
  await withHook(
    (runner) => recordCall(runner, context.sessionId, row, [started], now),
    onStarted && ((tx) => onStarted(tx, toolCallId)),
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
    await finishCall(context, toolCallId, call.name, { ok: true, result }, hooks);
    return { toolCallId, ok: true, result };
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

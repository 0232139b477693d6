import { db, queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { maskToolArgs } from "@/server/integrations/invoke-tool";
import { AttemptStopped } from "./attempt-stopped";
import { appendEventsSql, type TNewEvent } from "./event-log";

// A tool call's rows and events: its start (RUNNING), its finish, and a call that could not
// run. Each is one statement (the row's change with its events); the engine decides what runs.

/** The execution a call belongs to; `attempt` fences a call's start (see attemptHolds). */
export type TCallExecution = { turnId: string; sessionId: string; attempt?: { number: number } };

export type TCallResult = { ok: true; result: unknown } | { ok: false; code: string; message: string };

/**
 * Writes that belong to a call's own transactions: `started` commits with its RUNNING row,
 * `finished` with its result (an assistant action is recorded and settled this way).
 */
export type TCallHooks = {
  started?: (tx: TTransaction, toolCallId: string) => Promise<void>;
  finished?: (tx: TTransaction, toolCallId: string, outcome: TCallResult) => Promise<void>;
  /**
   * Rows written in the start's own statement, as CTE members that read `recorded` (the started
   * call's row), so they exist exactly when the call started: a flow's tool step is recorded so.
   */
  startedRows?: Prisma.Sql;
  /** Rows and events written in a successful finish's own statement (the events follow `tool_call.finished`). */
  succeededRows?: (result: unknown) => { members: Prisma.Sql; events: TNewEvent[] };
  /**
   * A success that also ends the execution (a flow's last step): `settled` is a CTE member that
   * settles the turn, written first; the call's row, `succeededRows` and these rows and events
   * are written only where it settled, all in the one statement. When the turn could not be
   * settled (cancelled meanwhile) the plain finish is written instead.
   */
  settlesTurn?: (result: unknown) => { settled: Prisma.Sql; members: Prisma.Sql; events: TNewEvent[] };
};

/** Results above this size are recorded on the tool call but not copied into the event. */
const EVENT_RESULT_MAX = 16_000;

/**
 * The fence of a call's start: the turn is RUNNING under this attempt (its claim counts
 * attempts). A stale attempt, still running after its job was handed to another, starts nothing.
 */
function attemptHolds(execution: TCallExecution): Prisma.Sql {
  if (!execution.attempt) return Prisma.sql`true`;
  return Prisma.sql`EXISTS (SELECT 1 FROM turns WHERE id = ${execution.turnId}::uuid AND status = 'RUNNING' AND attempts = ${execution.attempt.number}::int)`;
}

/**
 * A call's statement: its row change (`row`, the CTE `recorded`), its events, appended only if
 * the row changed, at the row's own time `now`; `alongside` are members after the row, `first`
 * members before it.
 */
type TCallStatement = { row: Prisma.Sql; events: TNewEvent[]; now: Date; alongside?: Prisma.Sql; first?: Prisma.Sql };

/** A call's statement, answering one row per event written. */
function writeCall(runner: TTransaction, sessionId: string, call: TCallStatement): Promise<unknown[]> {
  const append = appendEventsSql(sessionId, call.events, call.now, Prisma.sql`EXISTS (SELECT 1 FROM recorded)`);
  const members = call.alongside ? Prisma.sql`${call.alongside}, ${append.members}` : append.members;
  const lead = call.first ? Prisma.sql`${call.first}, ` : Prisma.empty;
  return queryRows<unknown>(
    runner,
    Prisma.sql`WITH ${lead}recorded AS (${call.row}), ${members} SELECT ${append.notify} AS notified FROM appended`,
  );
}

/**
 * A call's row change and its events as one statement: alone it is atomic without a transaction
 * (one round trip instead of four), and inside a transaction it commits with the hooks' writes.
 * Throws unless every event was written (AttemptStopped when a start was fenced off).
 */
async function recordCall(runner: TTransaction, sessionId: string, call: TCallStatement): Promise<void> {
  const rows = await writeCall(runner, sessionId, call);
  if (rows.length === 0 && call.events.some((event) => event.type === "tool_call.started"))
    throw new AttemptStopped("another attempt holds the turn, so this one starts no tool call");
  if (rows.length !== call.events.length)
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

/** A call that cannot run at all (unknown tool): recorded FAILED (TOOL_NOT_AVAILABLE) with its event. */
export async function recordUnavailableCall(
  execution: TCallExecution,
  call: { index: number; name: string; args: unknown; errorMessage: string },
): Promise<void> {
  const toolCallId = crypto.randomUUID();
  const now = new Date();
  const row = Prisma.sql`INSERT INTO tool_calls (id, "turnId", "sessionId", index, "toolName", "integrationId", args, status, "errorCode", "errorMessage", "finishedAt", "createdAt")
    VALUES (${toolCallId}::uuid, ${execution.turnId}::uuid, ${execution.sessionId}::uuid, ${call.index}::int, ${call.name}, '', ${JSON.stringify(call.args)}::jsonb, 'FAILED', 'TOOL_NOT_AVAILABLE', ${call.errorMessage}, ${now}::timestamp(3), ${now}::timestamp(3))
    RETURNING id`;
  const finished: TNewEvent = {
    type: "tool_call.finished",
    data: {
      executionId: execution.turnId,
      toolCallId,
      name: call.name,
      status: "failed",
      errorCode: "TOOL_NOT_AVAILABLE",
    },
  };
  await recordCall(db(), execution.sessionId, { row, events: [finished], now });
}

/**
 * Starts a call: a new RUNNING row, or `existingId` (a parked call that was approved) set
 * RUNNING, with whose credential it uses (`identity`) and `tool_call.started`, only while this
 * attempt holds the turn (else AttemptStopped).
 */
export async function startCall(
  execution: TCallExecution,
  call: {
    toolCallId: string;
    existingId?: string;
    index: number;
    name: string;
    integrationId: string;
    args: Record<string, unknown>;
    identity: string | null;
  },
  hooks: TCallHooks = {},
): Promise<void> {
  const { toolCallId, existingId, identity } = call;
  const now = new Date();
  const holds = attemptHolds(execution);
  const row = existingId
    ? Prisma.sql`UPDATE tool_calls SET status = 'RUNNING', "startedAt" = ${now}::timestamp(3), identity = ${identity} WHERE id = ${existingId}::uuid AND ${holds} RETURNING id`
    : Prisma.sql`INSERT INTO tool_calls (id, "turnId", "sessionId", index, "toolName", "integrationId", args, status, identity, "startedAt", "createdAt")
        SELECT ${toolCallId}::uuid, ${execution.turnId}::uuid, ${execution.sessionId}::uuid, ${call.index}::int, ${call.name}, ${call.integrationId}, ${JSON.stringify(call.args)}::jsonb, 'RUNNING', ${identity}, ${now}::timestamp(3), ${now}::timestamp(3)
        WHERE ${holds}
        RETURNING id`;
  const started: TNewEvent = {
    type: "tool_call.started",
    data: { executionId: execution.turnId, toolCallId, name: call.name, args: maskToolArgs(call.args) },
  };
  const onStarted = hooks.started;
  await withHook(
    (runner) => recordCall(runner, execution.sessionId, { row, events: [started], now, alongside: hooks.startedRows }),
    onStarted && ((tx) => onStarted(tx, toolCallId)),
  );
}

/**
 * Settles a call with its result; `before` are events that belong just before its `finished`.
 * Answers true when the same statement settled the turn too (TCallHooks.settlesTurn).
 */
export async function finishCall(
  execution: TCallExecution,
  toolCallId: string,
  name: string,
  outcome: TCallResult,
  hooks: TCallHooks = {},
  before: TNewEvent[] = [],
): Promise<boolean> {
  const now = new Date();
  const row = (onlyIf: Prisma.Sql = Prisma.sql`true`) =>
    outcome.ok
      ? Prisma.sql`UPDATE tool_calls SET status = 'SUCCEEDED', result = ${JSON.stringify(outcome.result ?? null)}::jsonb, "finishedAt" = ${now}::timestamp(3) WHERE id = ${toolCallId}::uuid AND ${onlyIf} RETURNING id`
      : Prisma.sql`UPDATE tool_calls SET status = 'FAILED', "errorCode" = ${outcome.code}, "errorMessage" = ${outcome.message}, "finishedAt" = ${now}::timestamp(3) WHERE id = ${toolCallId}::uuid RETURNING id`;
  const small = outcome.ok && JSON.stringify(outcome.result ?? null).length <= EVENT_RESULT_MAX;
  const event: TNewEvent = {
    type: "tool_call.finished",
    data: {
      executionId: execution.turnId,
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
  const succeeded = outcome.ok ? hooks.succeededRows?.(outcome.result ?? null) : undefined;
  const events = [...before, event, ...(succeeded?.events ?? [])];
  const settles = outcome.ok && !finished ? hooks.settlesTurn?.(outcome.result ?? null) : undefined;
  if (settles) {
    const alongside = succeeded ? Prisma.sql`${succeeded.members}, ${settles.members}` : settles.members;
    const all = [...events, ...settles.events];
    const onlyIf = Prisma.sql`EXISTS (SELECT 1 FROM settled)`;
    const statement = { row: row(onlyIf), events: all, now, alongside, first: settles.settled };
    const written = await writeCall(db(), execution.sessionId, statement);
    if (written.length === all.length) return true;
  }
  await withHook(
    (runner) => recordCall(runner, execution.sessionId, { row: row(), events, now, alongside: succeeded?.members }),
    finished && ((tx) => finished(tx, toolCallId, outcome)),
  );
  return false;
}

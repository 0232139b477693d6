import { db, queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { appendEvent, appendEventsSql, type TNewEvent } from "./event-log";

// A flow run's execution is a turn too (engine/flow-runner.ts runs its steps): its claim and
// its completion write the turn here. Its failure is failTurnTx's, like any turn's.
// A run's common life (a queued run claimed, its steps, its completion) is one statement per
// change, like an agent turn's; the rarer cases (an interrupted attempt, a deadline passed at
// the claim, caller material to drop at the end) keep their transactions.

/** What a flow run's claim reads with the turn: where it runs and what it runs. */
export type TClaimedFlowRun = {
  sessionId: string;
  orgId: string;
  domainId: string;
  ownerId: string | null;
  deadlineAt: Date;
  status: string;
  attempts: number;
  hasGrant: boolean;
  /** The organization has an enabled webhook endpoint (run.completed may be due when it completes). */
  webhookSubscribed: boolean;
  flowRunId: string;
  automationId: string;
  revision: number;
  input: unknown;
};

/**
 * The claim of a QUEUED flow run within its deadline, in one statement: the turn RUNNING with one
 * more attempt (startedAt on the first), its flow_runs row RUNNING, `turn.started`. Returns the
 * run as it was before and whether it was claimed (false: settled, parked, interrupted or past
 * its deadline, which the caller's transactional claim handles); null when the turn is gone.
 */
export async function claimQueuedFlowRun(
  turnId: string,
  now: Date,
): Promise<{ run: TClaimedFlowRun; claimed: boolean } | null> {
  const started = appendEventsSql(
    Prisma.sql`(SELECT "sessionId"::uuid FROM before)`,
    [{ type: "turn.started", data: { executionId: turnId } }],
    now,
    Prisma.sql`EXISTS (SELECT 1 FROM claimed)`,
    Prisma.sql`jsonb_build_object('resumed', (SELECT attempts > 0 FROM before))`,
  );
  const [row] = await queryRows<TClaimedFlowRun & { claimed: boolean; notified: unknown; started: unknown }>(
    db(),
    Prisma.sql`
    WITH before AS (
      SELECT t."sessionId"::text AS "sessionId", t."organizationId"::text AS "orgId", s."domainId"::text AS "domainId",
        s."ownerId"::text AS "ownerId", t."deadlineAt", t.status::text AS status, t.attempts,
        EXISTS (SELECT 1 FROM caller_grants g WHERE g."turnId" = t.id) AS "hasGrant",
        EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e."organizationId" = t."organizationId" AND e.enabled) AS "webhookSubscribed",
        r.id::text AS "flowRunId", r."automationId"::text AS "automationId", r.revision, r.input
      FROM turns t JOIN agent_sessions s ON s.id = t."sessionId" JOIN flow_runs r ON r."sessionId" = t."sessionId"
      WHERE t.id = ${turnId}::uuid
      FOR UPDATE OF t
    ), claimed AS (
      UPDATE turns SET status = 'RUNNING', attempts = turns.attempts + 1,
        "startedAt" = CASE WHEN before.attempts = 0 THEN ${now}::timestamp(3) ELSE turns."startedAt" END
      FROM before
      WHERE turns.id = ${turnId}::uuid AND before.status = 'QUEUED' AND before."deadlineAt" > ${now}::timestamp(3)
      RETURNING turns.id
    ), started AS (
      UPDATE flow_runs SET status = 'RUNNING', "startedAt" = COALESCE("startedAt", ${now}::timestamp(3))
      WHERE id = (SELECT "flowRunId"::uuid FROM before) AND EXISTS (SELECT 1 FROM claimed)
      RETURNING id
    ), ${started.members}
    SELECT before.*, EXISTS (SELECT 1 FROM claimed) AS claimed, (SELECT max(${started.notify}) FROM appended) AS notified,
      (SELECT count(*) FROM started) AS started
    FROM before`,
  );
  if (!row) return null;
  const { claimed, notified: _notified, started: _started, ...run } = row;
  return { run: { ...run, deadlineAt: new Date(run.deadlineAt) }, claimed };
}

type TFinishedStep = {
  sessionId: string;
  turnId: string;
  flowRunId: string;
  stepRunId: string;
  stepId: string;
  output: unknown;
};

/**
 * A step's row COMPLETED with its output (a CTE member `step_finished`, written where `guard`
 * holds), and its `session.changed`.
 */
function stepFinished(
  step: TFinishedStep,
  now: Date,
  guard: Prisma.Sql = Prisma.sql`true`,
): { members: Prisma.Sql; events: TNewEvent[] } {
  const data = {
    reason: "flow_step.finished",
    executionId: step.turnId,
    flowRunId: step.flowRunId,
    stepId: step.stepId,
    status: "completed",
  };
  return {
    members: Prisma.sql`step_finished AS (
      UPDATE flow_step_runs SET status = 'COMPLETED', output = ${jsonOrNull(step.output)}::jsonb, "finishedAt" = ${now}::timestamp(3)
      WHERE id = ${step.stepRunId}::uuid AND ${guard}
      RETURNING id
    )`,
    events: [{ type: "session.changed", data }],
  };
}

/** A step's end: its row COMPLETED with its output and `session.changed` (flow_step.finished), one statement. */
export async function finishFlowStep(step: TFinishedStep, runner: TTransaction = db()): Promise<void> {
  const now = new Date();
  const finished = stepFinished(step, now);
  const append = appendEventsSql(step.sessionId, finished.events, now);
  await queryRows<unknown>(
    runner,
    Prisma.sql`
    WITH ${finished.members}, ${append.members}
    SELECT (SELECT count(*) FROM step_finished) AS finished, ${append.notify} AS notified FROM appended`,
  );
}

/**
 * A tool step's row (RUNNING, with its rendered input), written in its call's start statement
 * (TCallHooks.startedRows): the step exists exactly when its call started, so a crash leaves
 * either neither or both (and a RUNNING tool step is never run again).
 */
export function toolStepStartedRows(step: {
  stepRunId: string;
  flowRunId: string;
  stepId: string;
  index: number;
  input: unknown;
}): Prisma.Sql {
  return Prisma.sql`step_started AS (
    INSERT INTO flow_step_runs (id, "flowRunId", "stepId", index, kind, status, input, "startedAt")
    SELECT ${step.stepRunId}::uuid, ${step.flowRunId}::uuid, ${step.stepId}, ${step.index}::int, 'tool', 'RUNNING',
      ${jsonOrNull(step.input)}::jsonb, ${new Date()}::timestamp(3)
    FROM recorded
    RETURNING id
  )`;
}

/** A tool step's end with the call's result, written in its successful finish (TCallHooks.succeededRows). */
export const toolStepFinishedRows = (step: Omit<TFinishedStep, "output">) => (output: unknown) =>
  stepFinished({ ...step, output }, new Date(), Prisma.sql`EXISTS (SELECT 1 FROM recorded)`);

type TCompletedRun = { sessionId: string; turnId: string; flowRunId: string; output: unknown };

/**
 * A run's completion as statement members: `settled` (its turn COMPLETED, only if still RUNNING:
 * a run settled meanwhile stays as it is), then `members` (its flow_runs row with the output, the
 * answer message) and `events` (`turn.completed`), to be written only where it settled.
 */
function runCompleted(
  run: TCompletedRun,
  now: Date,
): { settled: Prisma.Sql; members: Prisma.Sql; events: TNewEvent[] } {
  const messageId = crypto.randomUUID();
  const completed = { executionId: run.turnId, status: "completed", messageId, flowRunId: run.flowRunId };
  return {
    settled: Prisma.sql`settled AS (
      UPDATE turns SET status = 'COMPLETED', "finishedAt" = ${now}::timestamp(3)
      WHERE id = ${run.turnId}::uuid AND status = 'RUNNING'
      RETURNING id
    )`,
    members: Prisma.sql`finished AS (
      UPDATE flow_runs SET status = 'COMPLETED', output = ${jsonOrNull(run.output)}::jsonb, "finishedAt" = ${now}::timestamp(3)
      WHERE id = ${run.flowRunId}::uuid AND EXISTS (SELECT 1 FROM settled)
      RETURNING id
    ), answered AS (
      INSERT INTO session_messages (id, "sessionId", "turnId", role, body, "createdAt")
      SELECT ${messageId}::uuid, ${run.sessionId}::uuid, settled.id, 'ASSISTANT'::"MessageRole", ${JSON.stringify(run.output ?? null, null, 2)}, ${now}::timestamp(3)
      FROM settled
      RETURNING id
    )`,
    events: [{ type: "turn.completed", data: completed }],
  };
}

/**
 * A run completes in one statement: its turn COMPLETED, its flow_runs row with the output, the
 * answer message and `turn.completed` (runCompleted). A run with caller material (or an endpoint
 * to tell) passes the transaction that drops it. Returns whether this call settled the run.
 */
export async function completeFlowRun(run: TCompletedRun, runner: TTransaction = db()): Promise<boolean> {
  const now = new Date();
  const completion = runCompleted(run, now);
  const append = appendEventsSql(run.sessionId, completion.events, now, Prisma.sql`EXISTS (SELECT 1 FROM settled)`);
  const rows = await queryRows<unknown>(
    runner,
    Prisma.sql`
    WITH ${completion.settled}, ${completion.members}, ${append.members}
    SELECT ${append.notify} AS notified FROM appended`,
  );
  // turn.completed is appended exactly when the run settled here.
  return rows.length > 0;
}

/**
 * The completion of a run whose last step is a tool call, written in that call's successful
 * finish (TCallHooks.settlesTurn): the call, the step and the run end in one statement.
 */
export const toolStepCompletesRun =
  (run: Omit<TCompletedRun, "output">) =>
  (output: unknown): ReturnType<typeof runCompleted> =>
    runCompleted({ ...run, output }, new Date());

/** JSON as a statement parameter: SQL NULL for a missing output (what Prisma writes for null). */
function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/**
 * The flow's claim takes the turn: RUNNING, one more attempt (startedAt on the first), and
 * `turn.started` unless it was RUNNING already (an interrupted attempt). The flow_runs row is
 * the caller's, written between the two.
 */
export async function startFlowTurn(
  tx: TTransaction,
  turn: { turnId: string; attempts: number; now: Date },
): Promise<void> {
  await tx.turn.update({
    where: { id: turn.turnId },
    data: { status: "RUNNING", attempts: { increment: 1 }, startedAt: turn.attempts === 0 ? turn.now : undefined },
    select: { id: true },
  });
}

/** `turn.started` of a flow's claim (after its flow_runs row). */
export async function flowTurnStarted(
  tx: TTransaction,
  turn: { sessionId: string; turnId: string; attempts: number },
): Promise<void> {
  await appendEvent(tx, turn.sessionId, "turn.started", { executionId: turn.turnId, resumed: turn.attempts > 0 });
}

/** An approval step decided `approved` while the run was parked: its call SUCCEEDED with the decision. */
export async function succeedApprovalCall(
  tx: TTransaction,
  call: { sessionId: string; turnId: string; toolCallId: string; name: string; output: object },
): Promise<void> {
  await tx.toolCall.update({
    where: { id: call.toolCallId },
    data: { status: "SUCCEEDED", result: call.output, startedAt: new Date(), finishedAt: new Date() },
  });
  await appendEvent(tx, call.sessionId, "tool_call.finished", {
    executionId: call.turnId,
    toolCallId: call.toolCallId,
    name: call.name,
    status: "succeeded",
    result: call.output,
  });
}

import { queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { env } from "@/server/env";
import { jobsInsertSql } from "@/server/jobs/enqueue";
import { appendEvent } from "@/server/events/append-event";
import { onAssistantTurnSettled } from "@/server/services/assistant/conversation/on-turn-settled";
import { deleteCallerGrant } from "@/server/services/caller-credentials/grants";

type TUnsettled = "QUEUED" | "RUNNING" | "SUSPENDED";

export type TFailTurn = {
  sessionId: string;
  turnId: string;
  code: string;
  message: string;
  outcome?: "failed" | "cancelled";
  /** Only a turn in one of these states is settled (default: any unsettled state). */
  from?: TUnsettled[];
  /** A queued turn superseded by a newer message: the turn that answers instead (in turn.completed). */
  supersededBy?: string;
};

/**
 * Fails a turn cleanly: FAILED with a code and a person-readable message, a SYSTEM notice in
 * the transcript, unfinished tool calls closed, the grant deleted, turn.completed (failed).
 * A turn that settled meanwhile is left alone. `cancelled`: the turn was stopped on purpose
 * before it answered (an assistant worker's message.created says so instead of failed).
 * Settling frees the conversation: the session's waiting turn, if one waits behind this one,
 * gets its job in a statement after the settling UPDATE, in this same transaction
 * (releaseWaitingTurn; a superseded turn frees nothing, its successor is queued by the caller).
 */
export async function failTurnTx(tx: TTransaction, options: TFailTurn): Promise<boolean> {
  const settled = await tx.turn.updateMany({
    where: { id: options.turnId, status: { in: options.from ?? ["QUEUED", "RUNNING", "SUSPENDED"] } },
    data: { status: "FAILED", errorCode: options.code, errorMessage: options.message, finishedAt: new Date() },
  });
  if (settled.count !== 1) return false;
  await tx.toolCall.updateMany({
    where: { turnId: options.turnId, status: { in: ["AWAITING_APPROVAL", "RUNNING"] } },
    data: { status: "FAILED", errorCode: options.code, errorMessage: options.message, finishedAt: new Date() },
  });
  await failFlowRunTx(tx, options);
  const notice = await tx.sessionMessage.create({
    data: {
      sessionId: options.sessionId,
      turnId: options.turnId,
      role: "SYSTEM",
      body:
        options.outcome === "cancelled"
          ? `The turn was cancelled (${options.code}): ${options.message}`
          : `The turn failed (${options.code}): ${options.message}`,
    },
    select: { id: true },
  });
  await deleteCallerGrant(tx, options.turnId);
  await appendEvent(tx, options.sessionId, "turn.completed", {
    executionId: options.turnId,
    status: "failed",
    errorCode: options.code,
    messageId: notice.id,
    ...(options.supersededBy ? { supersededBy: options.supersededBy } : {}),
  });
  await onAssistantTurnSettled(tx, {
    sessionId: options.sessionId,
    turnId: options.turnId,
    messageId: notice.id,
    outcome: options.outcome ?? "failed",
    errorCode: options.code,
  });
  if (!options.supersededBy) await releaseWaitingTurn(tx, options.sessionId);
  return true;
}

/**
 * A flow run's execution is its turn: when the turn fails (deadline sweeper, interrupted job,
 * a failed step), the run and its unfinished step fail with the same code.
 */
async function failFlowRunTx(
  tx: TTransaction,
  options: { sessionId: string; code: string; message: string },
): Promise<void> {
  const failed = { errorCode: options.code, errorMessage: options.message, finishedAt: new Date() };
  const run = await tx.flowRun.findUnique({ where: { sessionId: options.sessionId }, select: { id: true } });
  if (!run) return;
  await tx.flowRun.updateMany({
    where: { id: run.id, status: { in: ["QUEUED", "RUNNING", "SUSPENDED"] } },
    data: { status: "FAILED", ...failed },
  });
  await tx.flowStepRun.updateMany({
    where: { flowRunId: run.id, status: { in: ["RUNNING", "WAITING"] } },
    data: { status: "FAILED", ...failed },
  });
}

/**
 * A turn of the session that holds its conversation: one running, suspended for an approval, or
 * queued with its job (a first turn not started yet, a turn resumed after its approval). A
 * waiting turn (`waitingSince` set) is queued without a job and holds nothing.
 */
export const holdsConversation = (sessionId: Prisma.Sql, except: Prisma.Sql) => Prisma.sql`
  EXISTS (SELECT 1 FROM turns a WHERE a."sessionId" = ${sessionId} AND a.id <> ${except}
    AND (a.status IN ('RUNNING', 'SUSPENDED') OR (a.status = 'QUEUED' AND a."waitingSince" IS NULL)))`;

/**
 * Gives the session's waiting turn its job once no other turn holds the conversation
 * (docs/conversations.md): called after a turn settles (failTurnTx below, completeTurn), in a statement of its own AFTER the
 * settling UPDATE (see below), and by the minute sweep (engine/release-waiting-turns.ts). Returns the released turn's id, or null.
 *
 * Why a statement of its own: a message arriving while the turn ran locked the running turn's
 * row (`SELECT ... FOR UPDATE`) before it stored its waiting turn, so the settling UPDATE waited
 * for that message to commit. In read committed, the settling statement's snapshot was taken
 * before that wait, so a CTE of the same statement would not see the waiting turn; a new
 * statement takes a new snapshot and does. When no turn waits (the common case) this is one
 * indexed read; when one does, one more statement clears its mark, restarts its deadline (the
 * turn had not started: its execution deadline counts from now, as a fresh turn's does) and
 * inserts its job, only if the mark was still set, so two releasers (a settle and the sweep)
 * never queue two jobs.
 */
export async function releaseWaitingTurn(tx: TTransaction, sessionId: string): Promise<string | null> {
  const [waiting] = await queryRows<{ id: string; organizationId: string }>(
    tx,
    Prisma.sql`SELECT id::text AS id, "organizationId"::text AS "organizationId" FROM turns
      WHERE "sessionId" = ${sessionId}::uuid AND status = 'QUEUED' AND "waitingSince" IS NOT NULL
      ORDER BY number LIMIT 1`,
  );
  if (!waiting) return null;
  return (await releaseTurn(tx, { sessionId, turnId: waiting.id, organizationId: waiting.organizationId }))
    ? waiting.id
    : null;
}

export async function releaseTurn(
  tx: TTransaction,
  o: { sessionId: string; turnId: string; organizationId: string },
): Promise<boolean> {
  const deadlineAt = new Date(Date.now() + env.TURN_DEADLINE_SECONDS * 1000);
  const { ctes, notify } = jobsInsertSql(
    [{ kind: "agent-turn", turnId: o.turnId, organizationId: o.organizationId }],
    Prisma.sql`EXISTS (SELECT 1 FROM released)`,
  );
  const [row] = await queryRows<{ released: boolean }>(
    tx,
    Prisma.sql`
    WITH released AS (
      UPDATE turns SET "waitingSince" = NULL, "deadlineAt" = ${deadlineAt}::timestamp(3), "queuedAt" = ${new Date()}::timestamp(3)
      WHERE id = ${o.turnId}::uuid AND status = 'QUEUED' AND "waitingSince" IS NOT NULL
        AND NOT ${holdsConversation(Prisma.sql`${o.sessionId}::uuid`, Prisma.sql`${o.turnId}::uuid`)}
      RETURNING id
    ), ${Prisma.join(ctes)}
    SELECT EXISTS (SELECT 1 FROM released) AS released${notify ? Prisma.sql`, (SELECT max(woken) FROM (${notify}) AS wake(woken)) AS notified` : Prisma.empty}`,
  );
  return row!.released;
}

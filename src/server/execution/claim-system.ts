import { queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { env } from "@/server/env";
import { appendEventsSql } from "./event-log";

// The claim: a job takes its turn (QUEUED, or RUNNING when an attempt was interrupted) and
// starts it, in one statement that also reads what the turn's first model step needs.

/** What claiming a turn reads, in one statement: the turn with its session's pinned revision. */
export type TClaimedTurn = {
  turnId: string;
  sessionId: string;
  orgId: string;
  domainId: string;
  automationId: string;
  revision: number;
  deadlineAt: Date;
  /** Since when the turn waits to start (TURN_QUEUE_TIMEOUT_SECONDS bounds that wait). */
  queuedAt: Date;
  status: string;
  attempts: number;
  /** The turn has caller material to drop when it settles (grants are written before a claim). */
  hasGrant: boolean;
  /** An assistant worker's conversation (only those have a worker to tell when the turn settles). */
  assistantSession: boolean;
  /** The organization has an enabled webhook endpoint (the settle may have a customer event to record). */
  webhookSubscribed: boolean;
};

// The turn with what its run needs from its session, locked until the caller's transaction ends.
const lockedTurn = (turnId: string) => Prisma.sql`
  SELECT t."sessionId"::text AS "sessionId", t."organizationId"::text AS "orgId", s."domainId"::text AS "domainId",
         s."automationId"::text AS "automationId", s."revision", t."deadlineAt", t."queuedAt", t."status"::text AS "status", t."attempts",
         EXISTS (SELECT 1 FROM caller_grants g WHERE g."turnId" = t.id) AS "hasGrant", s."origin"::text = 'ASSISTANT' AS "assistantSession",
         EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e."organizationId" = t."organizationId" AND e.enabled) AS "webhookSubscribed"
  FROM turns t JOIN agent_sessions s ON s.id = t."sessionId"
  WHERE t.id = ${turnId}::uuid
  FOR UPDATE OF t`;

/** A session message as the transcript reads it. */
export type TStoredMessage = { role: string; body: string; turnId: string | null };

/**
 * What model steps would read, read by the claim's statement instead: whether the organization
 * has a model budget limit (none: a fresh turn's first step need not check it; later steps
 * check again) and the session's messages. The messages serve every step of this attempt: a
 * turn's transcript takes the messages up to its own input, which are all written before it is
 * queued (its answer is written when it settles).
 */
export type TStepInputs = { budgetLimited: boolean; messages: TStoredMessage[] };

type TLockedRow = Omit<TClaimedTurn, "turnId">;
const claimedTurn = (turnId: string, row: TLockedRow): TClaimedTurn => ({
  turnId,
  ...row,
  deadlineAt: new Date(row.deadlineAt),
  queuedAt: new Date(row.queuedAt),
});

/**
 * Reads a turn for its claim (inside the claim's transaction); null when it does not exist. The
 * row stays locked until the claim commits, so a queued turn cancelled meanwhile (an assistant
 * worker's newer message supersedes it) is either cancelled before the claim reads it or found
 * RUNNING by the cancel, never both.
 */
export async function readTurnForClaim(tx: TTransaction, turnId: string): Promise<TClaimedTurn | null> {
  // One joined read instead of Prisma's turn-then-session pair: this runs at the start of every turn.
  const [row] = await queryRows<TLockedRow>(tx, lockedTurn(turnId));
  return row ? claimedTurn(turnId, row) : null;
}

/**
 * readTurnForClaim and, in the same statement, the claim itself when the turn is QUEUED (or
 * RUNNING, interrupted) and within its bound: a turn never started within
 * TURN_QUEUE_TIMEOUT_SECONDS of being queued, any other within its deadline. RUNNING, one more
 * attempt, and on the first: startedAt, the deadline moved by the time spent queued (it counts
 * from the start), and `turn.started`. Returns the turn as it was before, and
 * whether it was claimed. Every turn starts here, so this is one round trip and, being one
 * statement, needs no transaction of its own.
 */
export async function claimTurnRow(
  tx: TTransaction,
  turnId: string,
  now: Date,
): Promise<{ turn: TClaimedTurn; claimed: boolean; stepInputs: TStepInputs } | null> {
  const started = appendEventsSql(
    Prisma.sql`(SELECT "sessionId"::uuid FROM before)`,
    [{ type: "turn.started", data: { executionId: turnId } }],
    now,
    Prisma.sql`EXISTS (SELECT 1 FROM claimed) AND (SELECT status FROM before) = 'QUEUED'`,
    Prisma.sql`jsonb_build_object('resumed', (SELECT attempts > 0 FROM before))`,
  );
  const [row] = await queryRows<TLockedRow & { claimed: boolean }>(
    tx,
    Prisma.sql`
    WITH before AS (${lockedTurn(turnId)}),
    claimed AS (
      UPDATE turns SET status = 'RUNNING', attempts = turns.attempts + 1,
        "startedAt" = CASE WHEN before.attempts = 0 THEN ${now}::timestamp(3) ELSE turns."startedAt" END,
        "deadlineAt" = CASE WHEN before.attempts = 0
          THEN turns."deadlineAt" + (${now}::timestamp(3) - turns."queuedAt") ELSE turns."deadlineAt" END
      FROM before
      WHERE turns.id = ${turnId}::uuid AND before.status IN ('QUEUED', 'RUNNING') AND CASE WHEN before.attempts = 0
        THEN before."queuedAt" > ${new Date(now.getTime() - env.TURN_QUEUE_TIMEOUT_SECONDS * 1000)}::timestamp(3)
        ELSE before."deadlineAt" > ${now}::timestamp(3) END
      RETURNING turns.id, turns."deadlineAt"
    ), ${started.members}
    SELECT before.*, (SELECT "deadlineAt" FROM claimed) AS "claimedDeadlineAt",
      EXISTS (SELECT 1 FROM claimed) AS claimed, (SELECT max(${started.notify}) FROM appended) AS notified,
      EXISTS (SELECT 1 FROM llm_budgets b WHERE b."organizationId" = before."orgId"::uuid
        AND (b."monthlyTokenLimit" IS NOT NULL OR b."monthlyCostMicroUsd" IS NOT NULL)) AS "budgetLimited",
      (SELECT json_agg(json_build_object('role', m.role::text, 'body', m.body, 'turnId', m."turnId") ORDER BY m."createdAt", m.id)
        FROM session_messages m WHERE m."sessionId" = before."sessionId"::uuid) AS messages
    FROM before`,
  );
  if (!row) return null;
  const {
    claimed,
    notified: _notified,
    budgetLimited,
    messages,
    claimedDeadlineAt,
    ...turn
  } = row as typeof row & {
    notified: unknown;
    budgetLimited: boolean;
    messages: TStoredMessage[] | null;
    claimedDeadlineAt: Date | string | null;
  };
  // The first claim moved the deadline: it counts from the start, not from acceptance.
  if (claimedDeadlineAt) turn.deadlineAt = claimedDeadlineAt as Date;
  // json_agg over no rows is NULL (both adapters hand json over parsed).
  return { turn: claimedTurn(turnId, turn), claimed, stepInputs: { budgetLimited, messages: messages ?? [] } };
}

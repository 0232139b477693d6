import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import { queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { env } from "@/server/env";
import { assertBacklogRoom } from "@/server/jobs/backlog";
import { enqueue } from "@/server/jobs/enqueue";
import { appendEvent } from "./event-log";
import { failTurnTx } from "./fail-turn-system";
import type { TSettleHooks } from "./settle-hooks";

export type TQueueTurnOptions = {
  sessionId: string;
  organizationId: string;
  /** The automation the turn runs: refused here when its partner has disabled it since. */
  automationId: string;
  message: string;
  /** The message's author and the turn's initiator; null for machine firings. */
  authorId: string | null;
  callerCredentials?: TCallerCredentials;
  /** callerCredentialExpiresAt of the request (trigger fire); null/undefined: the turn's deadline bounds it. */
  callerCredentialExpiresAt?: Date | null;
  /**
   * The message is an instruction (an assistant worker's POST /turns): stored as the SYSTEM
   * message that opens the turn, which the model reads as the turn's input and no reader shows
   * as something a user wrote (see loadTranscript).
   */
  instruction?: boolean;
  /** The new turn's id, when the caller needs it before the turn exists (queueFollowUp). */
  turnId?: string;
  /**
   * Another turn of the session holds the conversation: the turn is stored QUEUED without its
   * job (`waitingSince` set) and gets it when that turn settles (releaseWaitingTurn).
   */
  waiting?: boolean;
};

/**
 * The ports a turn's start calls (services/sessions/queue-turn.ts binds them): execution never
 * imports the product areas that own these rules.
 */
export type TQueueHooks = {
  /** Refuses the turn before anything is written (an automation its partner has disabled). */
  admit(tx: TTransaction, automationId: string): Promise<void>;
  /** Stores the caller's credentials for the turn (its caller grant), after its message. */
  storeGrant(
    tx: TTransaction,
    grant: {
      turnId: string;
      callerCredentials: TCallerCredentials;
      expiresAt: Date | null;
      suppliedById: string | null;
    },
  ): Promise<void>;
};

/** Whether a credentials object carries any material at all (`{}` entries behave like omission). */
function hasCallerMaterial(credentials: TCallerCredentials | undefined): credentials is TCallerCredentials {
  return Boolean(credentials && Object.keys(credentials.integrations).length > 0);
}

/**
 * The next turn of an existing session (a new session's first turn comes from startSessions).
 * Inside the caller's transaction (which holds the session row lock): the USER message, the
 * QUEUED turn with its deadline, the turn's caller grant and its job (or, `waiting`, the mark
 * that it waits for the turn ahead). All commit together or not at all, so an accepted request
 * always has its turn and its job or its place in line. Like startSessions for
 * first turns, this door refuses an automation its follower's partner has disabled since.
 */
export async function queueTurn(
  tx: TTransaction,
  options: TQueueTurnOptions,
  hooks: TQueueHooks,
): Promise<{ turnId: string; messageId: string }> {
  await hooks.admit(tx, options.automationId);
  // A full backlog refuses the message (429) before anything is written.
  if (!options.waiting) assertBacklogRoom(new Map([[options.organizationId, 1]]));
  const number = (await tx.turn.count({ where: { sessionId: options.sessionId } })) + 1;
  const turn = await tx.turn.create({
    data: {
      ...(options.turnId ? { id: options.turnId } : {}),
      sessionId: options.sessionId,
      organizationId: options.organizationId,
      number,
      initiatedById: options.authorId,
      deadlineAt: new Date(Date.now() + env.TURN_DEADLINE_SECONDS * 1000),
      waitingSince: options.waiting ? new Date() : null,
    },
    select: { id: true },
  });
  const message = await tx.sessionMessage.create({
    data: {
      sessionId: options.sessionId,
      turnId: turn.id,
      role: options.instruction ? "SYSTEM" : "USER",
      body: options.message,
      authorId: options.instruction ? null : options.authorId,
    },
    select: { id: true },
  });
  if (hasCallerMaterial(options.callerCredentials)) {
    await hooks.storeGrant(tx, {
      turnId: turn.id,
      callerCredentials: options.callerCredentials,
      expiresAt: options.callerCredentialExpiresAt ?? null,
      suppliedById: options.authorId,
    });
  }
  await appendEvent(tx, options.sessionId, "session.changed", {
    reason: "message.created",
    executionId: turn.id,
    messageId: message.id,
  });
  if (!options.waiting)
    await enqueue(tx, { kind: "agent-turn", turnId: turn.id, organizationId: options.organizationId });
  return { turnId: turn.id, messageId: message.id };
}

const SUPERSEDED =
  "A newer message arrived before this turn started; the turn that answers the newer message answers this one too.";

/**
 * A message (or a worker's instruction) on a conversation that may be busy: never refused for
 * it (docs/conversations.md). Inside the caller's transaction, which holds the session's row
 * lock (so messages of one session are taken one at a time):
 *
 * 1. A turn still QUEUED that no engine has claimed (`attempts` 0: not a turn resumed after
 *    its approval) is superseded: cancelled (TURN_CANCELLED, turn.completed names the new turn
 *    as `supersededBy`); the new turn's transcript holds its message, so one reply answers
 *    both. A claim holds the turn's row lock, so a turn being claimed is found RUNNING instead.
 * 2. The turns that still hold the conversation (running, suspended for an approval, or queued
 *    with their job) are locked `FOR UPDATE`: a settle of one of them serializes with this
 *    message. Either the settle committed first (the lock's re-check finds the turn settled,
 *    so none holds and the new turn gets its job now), or it waits for this commit and its
 *    release, a statement after the settling UPDATE, sees the waiting turn.
 * 3. The new turn is queued: with its job when none holds, else waiting behind.
 */
export async function queueFollowUp(
  tx: TTransaction,
  options: Omit<TQueueTurnOptions, "turnId" | "waiting">,
  hooks: TQueueHooks & TSettleHooks,
): Promise<{ turnId: string; messageId: string; waiting: boolean }> {
  const turnId = crypto.randomUUID();
  const unclaimed = await tx.turn.findMany({
    where: { sessionId: options.sessionId, status: "QUEUED", attempts: 0 },
    select: { id: true },
  });
  for (const queued of unclaimed) {
    await failTurnTx(
      tx,
      {
        sessionId: options.sessionId,
        turnId: queued.id,
        code: "TURN_CANCELLED",
        message: SUPERSEDED,
        outcome: "cancelled",
        from: ["QUEUED"],
        supersededBy: turnId,
      },
      hooks,
    );
  }
  // The UPDATE locks them as FOR UPDATE would, and marks them followed: a settle blocked on the
  // lock re-reads the row after this commits, so its RETURNING says a turn now waits.
  const holding = await queryRows<{ id: string }>(
    tx,
    Prisma.sql`UPDATE turns SET followed = true
      WHERE "sessionId" = ${options.sessionId}::uuid AND status IN ('QUEUED', 'RUNNING', 'SUSPENDED')
      RETURNING id::text AS id`,
  );
  const waiting = holding.length > 0;
  const queued = await queueTurn(tx, { ...options, turnId, waiting }, hooks);
  return { ...queued, waiting };
}

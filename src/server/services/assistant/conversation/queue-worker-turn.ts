import type { TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { failTurnTx } from "@/server/services/sessions/fail-turn";
import { queueTurn } from "@/server/services/sessions/queue-turn";
import { startSession } from "@/server/services/sessions/start-sessions";
import { lockWorker, type TActiveWorker } from "@/server/services/assistant/workers/read-worker";

/** A turn's input: the end user's message (shown) or the platform's instruction (never shown). */
export type TWorkerTurnInput = { text: string; instruction: boolean };

export type TQueuedWorkerTurn = { turnId: string; message: { id: string; body: string; createdAt: Date } };

/** The agent that answers every worker of the organization, or 409 naming the configuration. */
async function configuredAgent(tx: TTransaction, organizationId: string) {
  const config = await tx.assistantConfig.findUnique({
    where: { organizationId },
    select: { assistantAutomationId: true },
  });
  const details = { details: { configuration: "assistant_automation_id" } };
  if (!config?.assistantAutomationId) {
    throw new AppError(
      "CONFLICT",
      "No assistant agent is configured for this organization: set assistant_automation_id with PUT /assistant-config.",
      details,
    );
  }
  const agent = await tx.automation.findFirst({
    where: { id: config.assistantAutomationId, organizationId, kind: "AGENT", publishedRevision: { not: null } },
    select: { id: true, domainId: true, publishedRevision: true },
  });
  if (!agent) {
    throw new AppError(
      "CONFLICT",
      "The configured assistant agent (assistant_automation_id) is not a published agent of this organization: publish it or configure another one.",
      details,
    );
  }
  return { ...agent, revision: agent.publishedRevision! };
}

const SUPERSEDED =
  "A newer message or instruction arrived before this turn started; the turn that answers the newer one sees this message too.";

/**
 * A turn of the worker still QUEUED (no engine has started it) is cancelled by the next message
 * or instruction, which answers both: its message.created says `cancelled`. A turn already
 * running is never interrupted (the claim holds the turn's row lock, so the two never cross).
 */
async function supersedeQueuedTurn(tx: TTransaction, sessionId: string): Promise<void> {
  const queued = await tx.turn.findFirst({ where: { sessionId, status: "QUEUED" }, select: { id: true } });
  if (queued)
    await failTurnTx(tx, {
      sessionId,
      turnId: queued.id,
      code: "TURN_CANCELLED",
      message: SUPERSEDED,
      outcome: "cancelled",
      from: ["QUEUED"],
    });
}

/**
 * Queues the worker's next turn inside the caller's transaction, through the one door of each
 * kind: the first turn starts the worker's conversation (startSession: origin ASSISTANT, no owner,
 * titled after the external_ref), later ones go through queueTurn. Every turn runs the agent
 * configured now at its current published revision (the conversation follows the
 * configuration). One turn at a time: a queued turn is superseded (cancelled) by the new one; a
 * turn running or waiting for an approval refuses the next with 409, as the sessions API does
 * (turns of one session never run side by side).
 */
export async function queueWorkerTurn(
  tx: TTransaction,
  worker: TActiveWorker,
  input: TWorkerTurnInput,
): Promise<TQueuedWorkerTurn> {
  const { sessionId } = await lockWorker(tx, worker.id);
  const agent = await configuredAgent(tx, worker.organizationId);
  let turnId: string;
  if (!sessionId) {
    const started = await startSession(tx, {
      organizationId: worker.organizationId,
      domainId: agent.domainId,
      automationId: agent.id,
      revision: agent.revision,
      origin: "ASSISTANT",
      ownerId: null,
      message: input.text,
      instruction: input.instruction,
      title: `Assistant: ${worker.externalRef}`,
    });
    await tx.assistantWorker.update({
      where: { id: worker.id },
      data: { sessionId: started.sessionId },
      select: { id: true },
    });
    turnId = started.executionId;
  } else {
    await supersedeQueuedTurn(tx, sessionId);
    const active = await tx.turn.findFirst({
      where: { sessionId, status: { in: ["QUEUED", "RUNNING", "SUSPENDED"] } },
      select: { status: true },
    });
    if (active) {
      const what = active.status === "SUSPENDED" ? "waiting for an approval" : "in progress";
      throw new AppError(
        "CONFLICT",
        `The worker's previous turn is still ${what}; send this when its message.created has arrived.`,
      );
    }
    await tx.agentSession.update({
      where: { id: sessionId },
      data: { automationId: agent.id, domainId: agent.domainId, revision: agent.revision },
      select: { id: true },
    });
    ({ turnId } = await queueTurn(tx, {
      sessionId,
      organizationId: worker.organizationId,
      automationId: agent.id,
      message: input.text,
      authorId: null,
      instruction: input.instruction,
    }));
  }
  const message = await tx.sessionMessage.findFirstOrThrow({
    where: { turnId },
    select: { id: true, body: true, createdAt: true },
  });
  return { turnId, message };
}

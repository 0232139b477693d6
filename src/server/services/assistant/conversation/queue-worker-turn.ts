import type { TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { queueFollowUp } from "@/server/services/sessions/queue-turn";
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

/**
 * Queues the worker's next turn inside the caller's transaction, through the one door of each
 * kind: the first turn starts the worker's conversation (startSession: origin ASSISTANT, no owner,
 * titled after the external_ref), later ones go through queueTurn. Every turn runs the agent
 * configured now at its current published revision (the conversation follows the
 * configuration). Never refused because the conversation is busy (docs/conversations.md), as
 * the sessions API: a queued turn not started yet is superseded (cancelled, its message.created
 * says `cancelled`) by the new one, which answers both; behind a turn running or waiting for an
 * approval the new turn waits and starts when that one settles (turns of one session never run
 * side by side). The worker's row lock (lockWorker) takes its messages one at a time.
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
    await tx.agentSession.update({
      where: { id: sessionId },
      data: { automationId: agent.id, domainId: agent.domainId, revision: agent.revision },
      select: { id: true },
    });
    ({ turnId } = await queueFollowUp(tx, {
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

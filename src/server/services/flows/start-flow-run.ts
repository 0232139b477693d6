import type { PgBoss } from "pg-boss";
import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { enqueueFlowRun } from "@/server/engine/jobs";
import { env } from "@/server/env";
import { appendEvent } from "@/server/events/append-event";
import { createCallerGrant } from "@/server/services/caller-credentials/grants";

export type TStartFlowRunOptions = {
  organizationId: string;
  domainId: string;
  automationId: string;
  /** The published revision the run keeps (AutomationRevision.revision). */
  revision: number;
  /** Delivered verbatim to the flow (spec 4.5). */
  input: unknown;
  /** The person the run acts for (the firing key's owner, the console user); null for schedules/events. */
  ownerId: string | null;
  origin: "trigger" | "console";
  /** Already narrowed to the integrations this flow binds at caller identity. */
  callerCredentials?: TCallerCredentials;
  callerCredentialExpiresAt?: Date | null;
  title?: string;
};

/** The transcript shows the input as the run's first message; long inputs are cut there only. */
const INPUT_MESSAGE_MAX = 20_000;

function inputMessage(input: unknown): string {
  const text = JSON.stringify(input ?? null, null, 2);
  return text.length > INPUT_MESSAGE_MAX ? `${text.slice(0, INPUT_MESSAGE_MAX)}\n…` : text;
}

/**
 * Inside the caller's transaction: the flow's DOMAIN session (origin TRIGGER or CONSOLE, pinned
 * to `revision`), its execution (one Turn, QUEUED, with the deadline: caller grants, approvals,
 * the sweeper and the session stream all key on it), the input as the first message, the
 * FlowRun (QUEUED, input verbatim, same deadline), the caller grant and the `flow-run` job. A
 * fan-out and its idempotency outcome therefore commit together or not at all.
 */
export async function startFlowRun(tx: TTransaction, boss: PgBoss, options: TStartFlowRunOptions): Promise<{ sessionId: string; flowRunId: string; executionId: string }> {
  const flow = await tx.automation.findUniqueOrThrow({ where: { id: options.automationId }, select: { name: true } });
  const deadlineAt = new Date(Date.now() + env.TURN_DEADLINE_SECONDS * 1000);
  const session = await tx.agentSession.create({
    data: {
      organizationId: options.organizationId,
      domainId: options.domainId,
      automationId: options.automationId,
      revision: options.revision,
      kind: "DOMAIN",
      origin: options.origin === "console" ? "CONSOLE" : "TRIGGER",
      ownerId: options.ownerId,
      title: (options.title?.trim() || `Run of ${flow.name}`).slice(0, 120),
    },
    select: { id: true },
  });
  const turn = await tx.turn.create({
    data: { sessionId: session.id, organizationId: options.organizationId, number: 1, initiatedById: options.ownerId, deadlineAt },
    select: { id: true },
  });
  const message = await tx.sessionMessage.create({
    data: { sessionId: session.id, turnId: turn.id, role: "USER", body: inputMessage(options.input), authorId: options.ownerId },
    select: { id: true },
  });
  const flowRun = await tx.flowRun.create({
    data: {
      sessionId: session.id,
      organizationId: options.organizationId,
      automationId: options.automationId,
      revision: options.revision,
      input: options.input === undefined || options.input === null ? Prisma.JsonNull : (options.input as object),
      deadlineAt,
    },
    select: { id: true },
  });
  await createCallerGrant(tx, {
    turnId: turn.id,
    callerCredentials: options.callerCredentials,
    expiresAt: options.callerCredentialExpiresAt ?? null,
    suppliedById: options.ownerId,
  });
  await appendEvent(tx, session.id, "session.changed", { reason: "message.created", executionId: turn.id, messageId: message.id, flowRunId: flowRun.id });
  await enqueueFlowRun(boss, tx, turn.id);
  return { sessionId: session.id, flowRunId: flowRun.id, executionId: turn.id };
}

import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TTransaction } from "@/server/db/client";
import { env } from "@/server/env";
import { assertBacklogRoom } from "@/server/jobs/backlog";
import type { TJob } from "@/server/jobs/enqueue";
import { sealCallerGrant } from "@/server/services/caller-credentials/grants";
import { refuseDisabled } from "@/server/services/partner/entitlements/disabled-automations";
import { insertSessions, type TAlongside } from "./insert-sessions";
import { sessionTitle } from "./session-title";

/** One session to start, with its first turn (an agent's message, or a flow run's input). */
export type TSessionStart = {
  organizationId: string;
  domainId: string;
  automationId: string;
  /** The revision the session keeps for every turn (a test run's negative snapshot included). */
  revision: number;
  kind?: "DOMAIN" | "PERSONAL";
  origin: "API" | "CONSOLE" | "MCP" | "TRIGGER" | "ASSISTANT" | "FLOW";
  /** Run history's "started by": the trigger that fired it, or the personal API key it came through. */
  originTriggerId?: string | null;
  originApiKeyId?: string | null;
  /** The owner, the first message's author and the turn's initiator; null for machine firings. */
  ownerId: string | null;
  /** The first USER message (a flow run's input rendered as text). */
  message: string;
  /** The first message is an instruction, not a user's message (see queueTurn's `instruction`). */
  instruction?: boolean;
  /** The title as given; otherwise `titlePrefix: ` and the message's first line (session-title.ts). */
  title?: string;
  titlePrefix?: string;
  callerCredentials?: TCallerCredentials;
  /** callerCredentialExpiresAt of the request; null/undefined: the turn's deadline bounds it. */
  callerCredentialExpiresAt?: Date | null;
  /** Present for a flow: the run's input, kept verbatim on its FlowRun. */
  flowRun?: { input: unknown };
  /** A deadline other than TURN_DEADLINE_SECONDS from now (a flow's agent step keeps the flow's). */
  deadlineAt?: Date;
  /** False when the caller runs the turn itself (a flow's agent step): no job is queued. */
  queueJob?: boolean;
  /** The new session's id when the caller names it before the start (a fan-out's firing results refer to it). */
  sessionId?: string;
};

export type TStartedSession = { sessionId: string; executionId: string; flowRunId: string | null };

/**
 * The one door that starts work, for every entry point (API, console, MCP, trigger fan-outs,
 * flow runs, a flow's agent steps): inside the caller's transaction, each session (pinned to
 * its revision), its first turn (QUEUED, with its deadline), the first USER message, the flow
 * run when it is a flow, the turn's caller grant, the `session.changed` event and the job.
 * Sessions, turns, messages, flow runs, caller grants, events and jobs are one statement for the
 * whole batch (insertSessions), with what the caller writes alongside (a fan-out's firing), so a
 * fan-out costs what one start costs and needs no transaction of its own;
 * everything commits together or not at all. An automation its follower's partner disabled
 * is refused here, once for every entry point (403 AUTOMATION_DISABLED); fan-outs skip those
 * beforehand (fire-trigger.ts) so one disabled subscriber does not stop the others.
 */
export async function startSessions(
  tx: TTransaction,
  starts: TSessionStart[],
  alongside?: TAlongside,
): Promise<TStartedSession[]> {
  if (starts.length === 0) return [];
  const defaultDeadline = new Date(Date.now() + env.TURN_DEADLINE_SECONDS * 1000);
  const rows = starts.map((start) => ({
    start,
    sessionId: start.sessionId ?? crypto.randomUUID(),
    turnId: crypto.randomUUID(),
    messageId: crypto.randomUUID(),
    flowRunId: start.flowRun ? crypto.randomUUID() : null,
    deadlineAt: start.deadlineAt ?? defaultDeadline,
  }));
  const jobs: TJob[] = rows
    .filter(({ start }) => start.queueJob !== false)
    .map(({ start, turnId }) => ({
      kind: start.flowRun ? "flow-run" : "agent-turn",
      turnId,
      organizationId: start.organizationId,
    }));
  // A full backlog refuses the start (429) before anything is written.
  if (jobs.length > 0) assertBacklogRoom(countByOrganization(jobs));
  // Sealed before the statement (each with its own nonce), written by it.
  const grants = await Promise.all(
    rows.map(({ start, turnId }) =>
      sealCallerGrant({
        turnId,
        callerCredentials: start.callerCredentials,
        expiresAt: start.callerCredentialExpiresAt ?? null,
        suppliedById: start.ownerId,
      }),
    ),
  );
  const { disabled, alongsideWritten } = await insertSessions(
    tx,
    rows.map(({ start, sessionId, turnId, messageId, flowRunId, deadlineAt }, index) => ({
      sessionId,
      turnId,
      messageId,
      organizationId: start.organizationId,
      domainId: start.domainId,
      automationId: start.automationId,
      revision: start.revision,
      kind: start.kind ?? "DOMAIN",
      origin: start.origin,
      originTriggerId: start.originTriggerId ?? null,
      originApiKeyId: start.originApiKeyId ?? null,
      ownerId: start.ownerId,
      title: sessionTitle(start),
      deadlineAt,
      instruction: start.instruction ?? false,
      message: start.message,
      event: {
        type: "session.changed",
        data: { reason: "message.created", executionId: turnId, messageId, ...(flowRunId ? { flowRunId } : {}) },
      },
      flowRun: flowRunId ? { id: flowRunId, input: start.flowRun!.input } : null,
      grant: grants[index] ?? null,
    })),
    { jobs, alongside },
  );
  await refuseDisabled(disabled, tx);
  if (alongside && !alongsideWritten) throw alongside.refusal();
  return rows.map(({ sessionId, turnId, flowRunId }) => ({ sessionId, executionId: turnId, flowRunId }));
}

function countByOrganization(jobs: TJob[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const job of jobs)
    if ("organizationId" in job) counts.set(job.organizationId, (counts.get(job.organizationId) ?? 0) + 1);
  return counts;
}

/** One session (see startSessions). */
export async function startSession(tx: TTransaction, start: TSessionStart): Promise<TStartedSession> {
  const [started] = await startSessions(tx, [start]);
  return started!;
}

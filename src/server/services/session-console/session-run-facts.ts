import type { TSessionRunFactsRequest, TSessionRunFactsResponse } from "@/contracts/session-console/session-run-facts";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { authorizeSessionView } from "@/server/services/sessions/session-access";
import { isTestRunRevision } from "@/server/services/revisions/test-run-revision";

const durationMs = (startedAt: Date | null, finishedAt: Date | null) =>
  startedAt && finishedAt ? Math.max(0, finishedAt.getTime() - startedAt.getTime()) : null;
const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * What ran in a session the actor may see (the same rule and 404 as the session itself): the
 * agent or flow with the revision the session pinned when it started, and the timing of each
 * turn and tool call from their recorded start and finish.
 */
export async function sessionRunFacts(
  actor: TUserActor,
  { sessionId }: TSessionRunFactsRequest,
): Promise<TSessionRunFactsResponse> {
  const { session } = await authorizeSessionView(actor, sessionId);
  const [automation, revision, turns] = await Promise.all([
    db().automation.findUniqueOrThrow({
      where: { id: session.automationId },
      select: { id: true, kind: true, name: true, domainId: true, publishedRevision: true },
    }),
    db().automationRevision.findUnique({
      where: { automationId_revision: { automationId: session.automationId, revision: session.revision } },
      select: { changeNote: true, createdAt: true },
    }),
    db().turn.findMany({
      where: { sessionId: session.id },
      orderBy: { number: "asc" },
      select: {
        id: true,
        number: true,
        startedAt: true,
        finishedAt: true,
        toolCalls: { orderBy: { index: "asc" }, select: { id: true, startedAt: true, finishedAt: true } },
      },
    }),
  ]);
  const testRun = isTestRunRevision(session.revision);
  return {
    automation: {
      id: automation.id,
      kind: automation.kind === "FLOW" ? "flow" : "agent",
      name: automation.name,
      domainId: automation.domainId,
      publishedRevision: automation.publishedRevision,
    },
    revision: {
      number: session.revision,
      testRun,
      changeNote: testRun ? null : (revision?.changeNote ?? null),
      publishedAt: testRun ? null : iso(revision?.createdAt ?? null),
    },
    turns: turns.map((turn) => ({
      executionId: turn.id,
      number: turn.number,
      revision: session.revision,
      startedAt: iso(turn.startedAt),
      finishedAt: iso(turn.finishedAt),
      durationMs: durationMs(turn.startedAt, turn.finishedAt),
    })),
    toolCalls: turns.flatMap((turn) =>
      turn.toolCalls.map((call) => ({
        id: call.id,
        executionId: turn.id,
        startedAt: iso(call.startedAt),
        finishedAt: iso(call.finishedAt),
        durationMs: durationMs(call.startedAt, call.finishedAt),
      })),
    ),
  };
}

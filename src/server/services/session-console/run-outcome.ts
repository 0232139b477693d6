import type { TLastRun, TRunOutcome } from "@/contracts/session-console/session-summary";
import { runOutcomeOf, type TTurnStatus } from "@/server/services/usage/run-outcome";

/** The last turn as list-sessions selects it: at most one failed or rejected tool call (the last). */
export type TLastTurnRow = {
  status: TTurnStatus;
  errorCode: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  toolCalls: Array<{ status: string; errorCode: string | null; toolName: string }>;
};

/** A flow's run keeps its own error code (the step that failed); the turn only mirrors the state. */
export type TFlowRunRow = { errorCode: string | null; startedAt: Date | null; finishedAt: Date | null } | null;

// Run history and usage share one definition of a run's outcome (usage/run-outcome.ts).
const outcomeOf = (turn: TLastTurnRow): TRunOutcome => runOutcomeOf(turn.status, turn.toolCalls[0]?.status);

/** What run history says about a session's last turn (and its flow run, for a flow). */
export function lastRunOf(turn: TLastTurnRow | undefined, flowRun: TFlowRunRow): TLastRun | null {
  if (!turn) return null;
  const outcome = outcomeOf(turn);
  const problem = outcome === "tool_failed" || outcome === "rejected" ? turn.toolCalls[0] : undefined;
  const startedAt = flowRun?.startedAt ?? turn.startedAt;
  const finishedAt = flowRun?.finishedAt ?? turn.finishedAt;
  const errorCode =
    outcome === "failed"
      ? (flowRun?.errorCode ?? turn.errorCode)
      : (problem?.errorCode ?? (outcome === "rejected" ? "REJECTED" : null));
  return {
    outcome,
    errorCode,
    toolName: problem?.toolName ?? null,
    startedAt: startedAt?.toISOString() ?? null,
    finishedAt: finishedAt?.toISOString() ?? null,
    durationMs: finishedAt ? Math.max(0, finishedAt.getTime() - (startedAt ?? turn.createdAt).getTime()) : null,
  };
}

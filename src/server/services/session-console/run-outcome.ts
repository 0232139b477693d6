import type { TLastRun, TRunOutcome } from "@/contracts/session-console/session-summary";

type TTurnStatus = "QUEUED" | "RUNNING" | "SUSPENDED" | "COMPLETED" | "FAILED";

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

function outcomeOf(turn: TLastTurnRow): TRunOutcome {
  if (turn.status === "QUEUED") return "queued";
  if (turn.status === "RUNNING") return "running";
  if (turn.status === "SUSPENDED") return "waiting";
  if (turn.status === "FAILED") return "failed";
  // A turn whose model answered after a tool failed still "completed"; people need to see the tool failed.
  const problem = turn.toolCalls[0];
  if (problem?.status === "REJECTED") return "rejected";
  if (problem?.status === "FAILED") return "tool_failed";
  return "completed";
}

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

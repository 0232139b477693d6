import type { TRunOutcome } from "@/contracts/session-console/session-summary";
import type { TRunOutcome as TUsageOutcome } from "@/contracts/usage/get-usage";

export type TTurnStatus = "QUEUED" | "RUNNING" | "SUSPENDED" | "COMPLETED" | "FAILED";

/** The status of a turn's last failed or rejected tool call, if it has one. */
export type TToolProblem = string | null | undefined;

/**
 * The one definition of how a run (one turn) ended, for run history and usage alike. A turn
 * that completed while one of its tool calls failed or was rejected did not succeed: the model
 * answered, but what the person asked for did not happen, so it is `tool_failed` / `rejected`,
 * never a plain `completed`. A turn still running or waiting has no outcome yet, whatever its
 * tool calls did so far.
 */
export function runOutcomeOf(status: TTurnStatus, problem: TToolProblem): TRunOutcome {
  if (status === "QUEUED") return "queued";
  if (status === "RUNNING") return "running";
  if (status === "SUSPENDED") return "waiting";
  if (status === "FAILED") return "failed";
  if (problem === "REJECTED") return "rejected";
  if (problem === "FAILED") return "tool_failed";
  return "completed";
}

/** What counts as a failed run: the turn failed, or it completed with a tool call failed or rejected. */
export function countsAsFailed(outcome: TRunOutcome): boolean {
  return outcome === "failed" || outcome === "tool_failed" || outcome === "rejected";
}

/** The usage page's four groups of run history's outcomes (its `failed` is countsAsFailed). */
export function usageOutcomeOf(outcome: TRunOutcome): TUsageOutcome {
  if (outcome === "failed" || outcome === "tool_failed" || outcome === "rejected") return "failed";
  if (outcome === "queued" || outcome === "running") return "running";
  return outcome;
}

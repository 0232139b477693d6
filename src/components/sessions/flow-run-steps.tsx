"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { detach } from "@/client/detach";
import { useTRPC } from "@/client/trpc";
import type { TFlowRunDetail } from "@/contracts/flows/runs";
import { duration, FlowRunGraph, STEP_STATUS_LABEL } from "@/components/flows/flow-run-graph";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import styles from "./sessions.module.css";

const TONE: Record<string, TBadgeTone> = {
  queued: "neutral",
  running: "brand",
  waiting: "brand",
  suspended: "brand",
  completed: "success",
  failed: "danger",
};
const LABEL: Record<string, string> = {
  queued: "Queued",
  running: "Running",
  suspended: "Waiting for approval",
  completed: "Completed",
  failed: "Failed",
};
const SETTLED = new Set(["completed", "failed"]);

function json(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}

/** The steps in the order they ran: only when the run's revision cannot be read to draw its graph. */
function StepRow({ step, runErrorCode }: { step: TFlowRunDetail["steps"][number]; runErrorCode: string | null }) {
  return (
    <li data-testid="flow-step" data-step-id={step.stepId} data-status={step.status}>
      <div className={styles.row}>
        <strong>{step.stepId}</strong>
        <Badge tone="muted">{step.kind}</Badge>
        <Badge tone={TONE[step.status] ?? "neutral"}>{STEP_STATUS_LABEL[step.status]}</Badge>
        <span className={styles.status}>{duration(step.durationMs)}</span>
      </div>
      {step.errorCode && step.errorCode !== runErrorCode ? (
        <p className={styles.note} data-testid="flow-step-error">
          {step.errorCode}: {step.errorMessage}
        </p>
      ) : null}
      {step.input !== null ? (
        <details>
          <summary>Input</summary>
          <pre>{json(step.input)}</pre>
        </details>
      ) : null}
      {step.output !== null && step.status === "completed" ? (
        <details>
          <summary>Output</summary>
          <pre>{json(step.output)}</pre>
        </details>
      ) : null}
    </li>
  );
}

/**
 * A flow run on a session page: its status, its error once, its input once, and the run drawn
 * on its revision's graph (the path taken, each step's input, output and timing). Follows the
 * session stream: whenever the stream makes the session re-read, the run is re-read too; a
 * slow poll covers steps that start without an event.
 */
export function FlowRunSteps({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.flows.getRun.queryOptions({ sessionId }),
    refetchInterval: (current) => {
      const run = current.state.data?.flowRun;
      return run && !SETTLED.has(run.status) ? 1500 : false;
    },
  });
  // The session view's stream re-reads the session on every event; the run follows it.
  const sessionReadAt = useQuery(trpc.sessionConsole.get.queryOptions({ sessionId })).dataUpdatedAt;
  const refetch = query.refetch;
  useEffect(() => {
    // Not awaited: an effect cannot be async; the query reports its own errors (refetch does not throw).
    if (sessionReadAt) detach(refetch(), "flow run steps: refetch");
  }, [sessionReadAt, refetch]);
  const run = query.data?.flowRun;
  if (!run) return null;
  return (
    <Card
      title={run.revision < 0 ? "Flow run · test run of the draft" : `Flow run · revision ${run.revision}`}
      description="The run on its flow's graph: select a step to see its input, output and timing."
    >
      <div className={styles.row}>
        <Badge tone={TONE[run.status] ?? "neutral"} dot>
          <span data-testid="flow-run-status">{LABEL[run.status] ?? run.status}</span>
        </Badge>
        {run.errorCode ? (
          <span className={styles.note} data-testid="flow-run-error">
            {run.errorCode}: {run.errorMessage}
          </span>
        ) : null}
      </div>
      <details>
        <summary>Input</summary>
        <pre data-testid="flow-run-input">{json(run.input)}</pre>
      </details>
      {run.graph && run.graph.steps.length ? (
        <FlowRunGraph run={run} graph={run.graph} />
      ) : (
        <ol data-testid="flow-steps">
          {run.steps.map((step) => (
            <StepRow key={step.index} step={step} runErrorCode={run.errorCode} />
          ))}
        </ol>
      )}
      {run.status === "completed" ? (
        <details open>
          <summary>Output</summary>
          <pre data-testid="flow-run-output">{json(run.output)}</pre>
        </details>
      ) : null}
    </Card>
  );
}

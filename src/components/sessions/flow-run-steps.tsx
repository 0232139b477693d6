"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";
import type { TFlowRunDetail } from "@/contracts/flows/runs";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import styles from "./sessions.module.css";

const TONE: Record<string, TBadgeTone> = { queued: "neutral", running: "brand", waiting: "brand", suspended: "brand", completed: "success", failed: "danger" };
const LABEL: Record<string, string> = { queued: "Queued", running: "Running", waiting: "Waiting for approval", suspended: "Waiting for approval", completed: "Completed", failed: "Failed" };
const SETTLED = new Set(["completed", "failed"]);

function duration(ms: number | null): string {
  if (ms === null) return "–";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function json(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}

function StepRow({ step }: { step: TFlowRunDetail["steps"][number] }) {
  return (
    <li data-testid="flow-step" data-step-id={step.stepId} data-status={step.status}>
      <div className={styles.row}>
        <strong>{step.stepId}</strong>
        <Badge tone="muted">{step.kind}</Badge>
        <Badge tone={TONE[step.status] ?? "neutral"}>{LABEL[step.status] ?? step.status}</Badge>
        <span className={styles.status}>{duration(step.durationMs)}</span>
      </div>
      {step.errorCode ? (
        <p className={styles.note} data-testid="flow-step-error">
          {step.errorCode}: {step.errorMessage}
        </p>
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
 * A flow run's steps in the order they ran, with status, duration, output and error. Shown on a
 * session page when the session is a flow's; refreshes while the run is unsettled.
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
  const run = query.data?.flowRun;
  if (!run) return null;
  // A failed step already shows its error; the run's is shown only when no step carries it (input, deadline).
  const errorShownOnStep = run.steps.some((step) => step.errorCode !== null && step.errorCode === run.errorCode);
  return (
    <Card title={run.revision < 0 ? "Flow run · test run of the draft" : `Flow run · revision ${run.revision}`} description="Each step's result, timing and error, in the order the steps ran.">
      <div className={styles.row}>
        <Badge tone={TONE[run.status] ?? "neutral"} dot>
          <span data-testid="flow-run-status">{LABEL[run.status] ?? run.status}</span>
        </Badge>
        {run.errorCode && !errorShownOnStep ? (
          <span className={styles.note} data-testid="flow-run-error">
            {run.errorCode}: {run.errorMessage}
          </span>
        ) : null}
      </div>
      <details>
        <summary>Input</summary>
        <pre>{json(run.input)}</pre>
      </details>
      <ol data-testid="flow-steps">
        {run.steps.map((step) => (
          <StepRow key={step.index} step={step} />
        ))}
      </ol>
      {run.status === "completed" ? (
        <details open>
          <summary>Output</summary>
          <pre data-testid="flow-run-output">{json(run.output)}</pre>
        </details>
      ) : null}
    </Card>
  );
}

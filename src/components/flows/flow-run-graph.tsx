"use client";

import { useId, useState } from "react";
import { END } from "@/contracts/flows/graph";
import type { TFlowRunDetail, TFlowStepRun } from "@/contracts/flows/runs";
import { ArrowMarker, clip, detail, GraphEdge, KIND_LABEL, routedEdges } from "./flow-graph-view";
import { layoutGraph, NODE } from "./graph-layout";
import styles from "./flow-run-graph.module.css";

type TGraph = NonNullable<TFlowRunDetail["graph"]>;
type TStatus = TFlowStepRun["status"] | "not_reached";

export const STEP_STATUS_LABEL: Record<TStatus, string> = {
  completed: "Completed",
  failed: "Failed",
  waiting: "Waiting for approval",
  running: "Running",
  not_reached: "Not reached",
};

export function duration(ms: number | null): string {
  if (ms === null) return "–";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

const json = (value: unknown) => JSON.stringify(value ?? null, null, 2);
const edgeKey = (from: string, to: string) => `${from}->${to}`;

/** The edges the run went along: step to step in the order they ran, and to the end once it completed. */
function takenEdges(run: TFlowRunDetail): Set<string> {
  const taken = new Set<string>();
  run.steps.forEach((step, position) => {
    const next = run.steps[position + 1];
    if (next) taken.add(edgeKey(step.stepId, next.stepId));
  });
  const last = run.steps.at(-1);
  if (last && run.status === "completed") taken.add(edgeKey(last.stepId, END));
  return taken;
}

/** What is selected before anyone picks: the step that failed or waits, else the last that ran. */
function initialStep(run: TFlowRunDetail): string | null {
  const notable = run.steps.find((step) => step.status !== "completed");
  return (notable ?? run.steps.at(-1))?.stepId ?? null;
}

/** The selected step; its error is the run's error in most failures, which the run card already shows once. */
function StepDetail({
  stepId,
  graph,
  ran,
  runErrorCode,
}: {
  stepId: string;
  graph: TGraph;
  ran: TFlowStepRun | undefined;
  runErrorCode: string | null;
}) {
  const step = graph.steps.find((candidate) => candidate.id === stepId);
  const kind = step ? KIND_LABEL[step.kind] : (ran?.kind ?? "");
  return (
    <section
      className={styles.detail}
      aria-labelledby={`flow-step-detail-${stepId}`}
      data-testid="flow-step-detail"
      data-step-id={stepId}
    >
      <h3 id={`flow-step-detail-${stepId}`}>
        Step {stepId} · {kind}
      </h3>
      {!ran ? (
        <p className={styles.muted}>This step was not reached in this run.</p>
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>Status</dt>
            <dd data-testid="flow-step-status">{STEP_STATUS_LABEL[ran.status]}</dd>
            <dt>Started</dt>
            <dd>
              <time dateTime={ran.startedAt}>{new Date(ran.startedAt).toLocaleString()}</time>
            </dd>
            <dt>Duration</dt>
            <dd data-testid="flow-step-duration">{ran.finishedAt ? duration(ran.durationMs) : "still running"}</dd>
          </dl>
          {ran.errorCode && ran.errorCode === runErrorCode ? (
            <p className={styles.muted}>It failed the run with the error shown above.</p>
          ) : null}
          {ran.errorCode && ran.errorCode !== runErrorCode ? (
            <p className={styles.error} data-testid="flow-step-error">
              {ran.errorCode}: {ran.errorMessage}
            </p>
          ) : null}
          <h4 className={styles.muted}>Input</h4>
          {ran.input === null ? (
            <p className={styles.muted}>Not recorded for this run.</p>
          ) : (
            <pre className={styles.json} data-testid="flow-step-input">
              {json(ran.input)}
            </pre>
          )}
          <h4 className={styles.muted}>Output</h4>
          {ran.status === "completed" ? (
            <pre className={styles.json} data-testid="flow-step-output">
              {json(ran.output)}
            </pre>
          ) : (
            <p className={styles.muted}>{ran.status === "failed" ? "None: the step failed." : "Not yet."}</p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * A flow run on its revision's graph: the steps that ran carry their status (in words and
 * colour), the edges the run went along are drawn strong, steps not reached are dimmed. Each
 * step is a button; the selected step's input, output, error and timing show beside the graph.
 */
export function FlowRunGraph({ run, graph }: { run: TFlowRunDetail; graph: TGraph }) {
  const markerId = useId().replace(/:/g, "");
  const [picked, setPicked] = useState<string | null>(null);
  const layout = layoutGraph(graph);
  const { routes, width: drawnWidth } = routedEdges(layout);
  const ran = new Map(run.steps.map((step) => [step.stepId, step]));
  const taken = takenEdges(run);
  const selected = picked ?? initialStep(run);
  const pad = 16;
  const width = drawnWidth + pad * 2;
  const height = layout.height + pad * 2;
  return (
    <div className={styles.layout} data-testid="flow-run-view">
      <div className={styles.scroll}>
        <div className={styles.canvas} style={{ width, height }} data-testid="flow-run-graph">
          <svg
            className={styles.edges}
            width={width}
            height={height}
            viewBox={`${-pad} ${-pad} ${width} ${height}`}
            aria-hidden="true"
          >
            <defs>
              <ArrowMarker id={markerId} className={styles.arrow} />
              <ArrowMarker id={`${markerId}Taken`} className={styles.arrowTaken} size={4} />
            </defs>
            {routes.map(({ edge, index, route }) => {
              const isTaken = taken.has(edgeKey(edge.from, edge.to));
              return (
                <GraphEdge
                  key={index}
                  route={route}
                  label={edge.label}
                  className={isTaken ? styles.edgeTaken : styles.edge}
                  labelClassName={styles.edgeLabel}
                  markerId={`${markerId}${isTaken ? "Taken" : ""}`}
                  data={{ "data-edge": edgeKey(edge.from, edge.to), "data-taken": isTaken }}
                />
              );
            })}
          </svg>
          <ul className={styles.nodes} aria-label="Steps of this run">
            {layout.nodes.map((node) => {
              if (!node.step) {
                const reached = run.status === "completed";
                return (
                  <li
                    key={node.id}
                    className={`${styles.end} ${reached ? styles.endReached : ""}`}
                    style={{
                      left: node.x + pad + NODE.width / 2 - 60,
                      top: node.y + pad + NODE.height / 2 - 16,
                      width: 120,
                      height: 32,
                    }}
                    data-step-id="end"
                    data-reached={reached}
                  >
                    {reached ? "End · reached" : "End"}
                  </li>
                );
              }
              const step = node.step;
              const stepRun = ran.get(step.id);
              const status: TStatus = stepRun?.status ?? "not_reached";
              const isSelected = selected === step.id;
              return (
                <li key={node.id}>
                  <button
                    type="button"
                    className={`${styles.node} ${styles[`status_${status}`]} ${isSelected ? styles.selected : ""}`}
                    style={{ left: node.x + pad, top: node.y + pad, width: NODE.width, height: NODE.height }}
                    aria-pressed={isSelected}
                    title={`${step.id} (${KIND_LABEL[step.kind]}): ${detail(step)}`}
                    onClick={() => setPicked(step.id)}
                    data-testid="flow-step"
                    data-step-id={step.id}
                    data-status={status}
                  >
                    <span className={styles.nodeTitle}>{clip(step.id, 24)}</span>
                    <span className={styles.nodeMeta}>
                      {KIND_LABEL[step.kind]} · {STEP_STATUS_LABEL[status]}
                      {stepRun?.finishedAt ? ` · ${duration(stepRun.durationMs)}` : ""}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      {selected ? (
        <StepDetail stepId={selected} graph={graph} ran={ran.get(selected)} runErrorCode={run.errorCode} />
      ) : (
        <p className={styles.muted}>No step has run yet.</p>
      )}
    </div>
  );
}

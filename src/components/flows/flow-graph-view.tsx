"use client";

import { useId } from "react";
import type { TFlowGraph, TFlowStep } from "@/contracts/flows/graph";
import { edgeLanes, layoutGraph, NODE, type TLayout, type TNode } from "./graph-layout";
import styles from "./flows.module.css";

export const KIND_LABEL: Record<TFlowStep["kind"], string> = {
  tool: "Tool",
  branch: "Branch",
  transform: "Transform",
  agent: "Agent",
  approval: "Approval",
};

export function detail(step: TFlowStep): string {
  switch (step.kind) {
    case "tool":
      return step.tool;
    case "branch":
      return `${step.condition.left} ${step.condition.operator}${step.condition.right === undefined ? "" : ` ${JSON.stringify(step.condition.right)}`}`;
    case "transform":
      return "builds data";
    case "agent":
      return step.prompt;
    case "approval":
      return step.title;
  }
}

export const LANE_GAP = 16;

/** A straight-ish curve (shared with the run view, flow-run-graph.tsx) to the next row, or a lane on the right for longer jumps. */
export function routeEdge(from: TNode, to: TNode, lane: number | null, layoutWidth: number) {
  const x1 = from.x + NODE.width / 2;
  const y1 = from.y + NODE.height;
  if (lane === null) {
    const x2 = to.x + NODE.width / 2;
    const y2 = to.step ? to.y : to.y + NODE.height / 2 - 16;
    const midY = (y1 + y2) / 2;
    return {
      path: `M ${x1} ${y1} C ${x1} ${midY}, ${x2} ${midY}, ${x2} ${y2 - 2}`,
      labelX: (x1 + x2) / 2 + 6,
      labelY: midY - 4,
    };
  }
  const laneX = layoutWidth + LANE_GAP * (lane + 1);
  const startX = from.x + NODE.width;
  const startY = from.y + NODE.height / 2;
  const endX = to.step ? to.x + NODE.width : to.x + NODE.width / 2 + 40;
  const endY = to.y + NODE.height / 2;
  return { path: `M ${startX} ${startY} H ${laneX} V ${endY} H ${endX + 2}`, labelX: laneX + 4, labelY: startY + 14 };
}

/** An arrow head for edges, referenced by `url(#id)`. */
export function ArrowMarker({ id, className, size = 7 }: { id: string; className: string | undefined; size?: number }) {
  return (
    <marker
      id={id}
      viewBox="0 0 10 10"
      refX="9"
      refY="5"
      markerWidth={size}
      markerHeight={size}
      orient="auto-start-reverse"
    >
      <path d="M 0 0 L 10 5 L 0 10 z" className={className} />
    </marker>
  );
}

/**
 * A laid-out graph's edges with their routes (the editor's and the run view's drawing), and the
 * width the lanes of long jumps add on the right.
 */
export function routedEdges(layout: TLayout) {
  const position = new Map(layout.nodes.map((node) => [node.id, node]));
  const lanes = edgeLanes(layout);
  const routes = layout.edges.flatMap((edge, index) => {
    const from = position.get(edge.from);
    const to = position.get(edge.to);
    return from && to ? [{ edge, index, route: routeEdge(from, to, lanes.get(index) ?? null, layout.width) }] : [];
  });
  return { routes, width: layout.width + lanes.size * LANE_GAP + (lanes.size ? LANE_GAP : 0) };
}

type TEdgeProps = {
  route: ReturnType<typeof routeEdge>;
  label?: string | null;
  className: string | undefined;
  labelClassName: string | undefined;
  markerId: string;
  data?: Record<string, string | boolean>;
};

/** One edge as the editor and the run view draw it: its route, arrow and branch label. */
export function GraphEdge({ route, label, className, labelClassName, markerId, data }: TEdgeProps) {
  return (
    <g {...data}>
      <path d={route.path} className={className} markerEnd={`url(#${markerId})`} />
      {label ? (
        <text x={route.labelX} y={route.labelY} className={labelClassName}>
          {label}
        </text>
      ) : null}
    </g>
  );
}

export const clip = (text: string, max = 27) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function Node({ node, flagged }: { node: TNode; flagged: boolean }) {
  if (!node.step) {
    return (
      <g data-step-id="end">
        <rect
          x={node.x + NODE.width / 2 - 40}
          y={node.y + NODE.height / 2 - 16}
          width={80}
          height={32}
          rx={16}
          className={styles.endNode}
        />
        <text
          x={node.x + NODE.width / 2}
          y={node.y + NODE.height / 2 + 5}
          textAnchor="middle"
          className={styles.nodeKind}
        >
          End
        </text>
      </g>
    );
  }
  const step = node.step;
  return (
    <g
      data-step-id={step.id}
      data-kind={step.kind}
      aria-label={`Step ${step.id}: ${KIND_LABEL[step.kind]}`}
      role="listitem"
    >
      <title>{`${step.id} (${KIND_LABEL[step.kind]}): ${detail(step)}`}</title>
      <rect
        x={node.x}
        y={node.y}
        width={NODE.width}
        height={NODE.height}
        rx={10}
        className={`${styles.node} ${styles[`node_${step.kind}`]} ${flagged ? styles.nodeFlagged : ""}`}
      />
      <text x={node.x + 12} y={node.y + 22} className={styles.nodeTitle}>
        {clip(step.id, 20)}
        <tspan className={styles.nodeKind} dx={8}>
          {KIND_LABEL[step.kind]}
        </tspan>
      </text>
      <text x={node.x + 12} y={node.y + 42} className={styles.nodeDetail}>
        {clip(detail(step))}
      </text>
    </g>
  );
}

/** The steps as boxes and arrows: top to bottom, branches side by side, "end" at the bottom. */
export function FlowGraphView({
  graph,
  flaggedSteps = new Set<string>(),
}: {
  graph: TFlowGraph;
  flaggedSteps?: ReadonlySet<string>;
}) {
  const markerId = useId().replace(/:/g, "");
  if (!graph.steps.length) return <p className={styles.graphEmpty}>No steps yet: add one in the document.</p>;
  const layout = layoutGraph(graph);
  const pad = 16;
  const { routes, width } = routedEdges(layout);
  return (
    <div className={styles.graphScroll}>
      <svg
        data-testid="flow-graph"
        role="list"
        aria-label="Flow steps"
        width={width + pad * 2}
        height={layout.height + pad * 2}
        viewBox={`${-pad} ${-pad} ${width + pad * 2} ${layout.height + pad * 2}`}
        className={styles.graph}
      >
        <defs>
          <ArrowMarker id={markerId} className={styles.arrowHead} />
        </defs>
        {routes.map(({ edge, index, route }) => (
          <GraphEdge
            key={index}
            route={route}
            label={edge.label}
            className={styles.edge}
            labelClassName={styles.edgeLabel}
            markerId={markerId}
          />
        ))}
        {layout.nodes.map((node) => (
          <Node key={node.id} node={node} flagged={flaggedSteps.has(node.id)} />
        ))}
      </svg>
    </div>
  );
}

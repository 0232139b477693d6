import { END, successors, type TFlowGraph, type TFlowStep } from "@/contracts/flows/graph";

export const NODE = { width: 220, height: 58, columnGap: 28, rowGap: 46 } as const;

export type TNode = { step: TFlowStep | null; id: string; x: number; y: number };
export type TEdge = { from: string; to: string; label: string | null };
export type TLayout = { nodes: TNode[]; edges: TEdge[]; width: number; height: number };

function edgesOf(graph: TFlowGraph, ids: ReadonlySet<string>): TEdge[] {
  return graph.steps.flatMap((step, index) => {
    const targets = successors(graph, index);
    const labels = step.kind === "branch" ? ["then", "else"] : [null];
    return targets
      .map((to, position) => ({ from: step.id, to, label: labels[position] ?? null }))
      .filter((edge) => edge.to === END || ids.has(edge.to));
  });
}

/**
 * Rows by longest path from the first step, so every arrow points down and branches sit side
 * by side. A graph with a cycle (a finding) falls back to one row per step in list order.
 */
function rows(graph: TFlowGraph, edges: TEdge[]): Map<string, number> {
  const depth = new Map<string, number>(graph.steps.map((step, index) => [step.id, index === 0 ? 0 : -1]));
  for (let round = 0; round <= graph.steps.length; round++) {
    let changed = false;
    for (const edge of edges) {
      const from = depth.get(edge.from) ?? -1;
      if (from < 0 || edge.to === END) continue;
      if ((depth.get(edge.to) ?? -1) < from + 1) {
        depth.set(edge.to, from + 1);
        changed = true;
      }
    }
    if (!changed) return depth;
  }
  return new Map(graph.steps.map((step, index) => [step.id, index]));
}

export function layoutGraph(graph: TFlowGraph): TLayout {
  const ids = new Set(graph.steps.map((step) => step.id));
  const edges = edgesOf(graph, ids);
  const depth = rows(graph, edges);
  // Unreachable steps (a finding) go below everything else, in list order.
  let deepest = Math.max(0, ...depth.values());
  for (const step of graph.steps) if ((depth.get(step.id) ?? -1) < 0) depth.set(step.id, ++deepest);
  const byRow = new Map<number, TFlowStep[]>();
  const seen = new Set<string>();
  for (const step of graph.steps) {
    if (seen.has(step.id)) continue;
    seen.add(step.id);
    const row = depth.get(step.id)!;
    byRow.set(row, [...(byRow.get(row) ?? []), step]);
  }
  const endRow = deepest + 1;
  const widest = Math.max(1, ...[...byRow.values()].map((list) => list.length));
  const width = widest * NODE.width + (widest - 1) * NODE.columnGap;
  const place = (count: number, column: number) =>
    (width - (count * NODE.width + (count - 1) * NODE.columnGap)) / 2 + column * (NODE.width + NODE.columnGap);
  const nodes: TNode[] = [];
  for (const [row, list] of byRow) {
    list.forEach((step, column) =>
      nodes.push({ step, id: step.id, x: place(list.length, column), y: row * (NODE.height + NODE.rowGap) }),
    );
  }
  const usesEnd = edges.some((edge) => edge.to === END);
  if (usesEnd) nodes.push({ step: null, id: END, x: place(1, 0), y: endRow * (NODE.height + NODE.rowGap) });
  const rowsUsed = usesEnd ? endRow + 1 : endRow;
  return { nodes, edges, width, height: rowsUsed * NODE.height + Math.max(0, rowsUsed - 1) * NODE.rowGap };
}

/**
 * Arrows that skip rows run in lanes right of the boxes, so they never cross a box: the lane of
 * each such edge by its index in `layout.edges` (the editor's and the run view's graphs).
 */
export function edgeLanes(layout: TLayout): Map<number, number> {
  const position = new Map(layout.nodes.map((node) => [node.id, node]));
  const lanes = new Map<number, number>();
  layout.edges.forEach((edge, index) => {
    const from = position.get(edge.from);
    const to = position.get(edge.to);
    if (from && to && to.y - from.y > NODE.height + NODE.rowGap) lanes.set(index, lanes.size);
  });
  return lanes;
}

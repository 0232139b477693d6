import type { TFlowDetail } from "@/contracts/flows/flow";
import { EMPTY_FLOW_GRAPH, ZFlowGraph, type TFlowGraph } from "@/contracts/flows/graph";
import { parseBindingPolicies } from "@/server/services/agents/draft";

export const FLOW_SELECT = {
  id: true,
  domainId: true,
  name: true,
  description: true,
  flowGraph: true,
  bindingPolicies: true,
  publishedRevision: true,
  createdAt: true,
  updatedAt: true,
} as const;

type TFlowRow = {
  id: string;
  domainId: string;
  name: string;
  description: string | null;
  flowGraph: unknown;
  bindingPolicies: unknown;
  publishedRevision: number | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Drafts are written only through the contract; a missing one reads as the empty flow. */
export function parseGraph(value: unknown): TFlowGraph {
  const parsed = ZFlowGraph.safeParse(value);
  return parsed.success ? parsed.data : EMPTY_FLOW_GRAPH;
}

export const normalizeDescription = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function toFlow(row: TFlowRow): TFlowDetail {
  return {
    id: row.id,
    domainId: row.domainId,
    name: row.name,
    description: row.description,
    kind: "flow",
    graph: parseGraph(row.flowGraph),
    bindingPolicies: parseBindingPolicies(row.bindingPolicies),
    publishedRevision: row.publishedRevision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

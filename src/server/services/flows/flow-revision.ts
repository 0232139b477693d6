import { z } from "zod";
import { ZBeltEntry, ZBindingPolicies } from "@/contracts/agents/setup";
import { ZFlowGraph, type TFlowGraph } from "@/contracts/flows/graph";
import type { TBeltEntry, TBindingPolicies } from "@/contracts/agents/setup";
import { AppError } from "@/server/errors";

/** What a flow revision's `setup` column holds, exactly as publish wrote it. */
export const ZFlowRevisionSetup = z.object({ graph: ZFlowGraph, bindingPolicies: ZBindingPolicies });
export type TFlowRevisionSetup = z.infer<typeof ZFlowRevisionSetup>;

export type TFlowRevisionSnapshot = {
  automationId: string;
  revision: number;
  graph: TFlowGraph;
  bindingPolicies: TBindingPolicies;
  belt: TBeltEntry[];
  changeNote: string | null;
  publishedAt: Date;
  publishedById: string | null;
};

export const FLOW_REVISION_SELECT = {
  automationId: true,
  revision: true,
  setup: true,
  belt: true,
  changeNote: true,
  createdAt: true,
  publishedById: true,
} as const;

type TRow = {
  automationId: string;
  revision: number;
  setup: unknown;
  belt: unknown;
  changeNote: string | null;
  createdAt: Date;
  publishedById: string | null;
};

const ZStored = z.object({ setup: ZFlowRevisionSetup, belt: z.array(ZBeltEntry) });

/** Parses the JSON columns; a row that does not match was not written by publish and is a bug. */
export function toFlowSnapshot(row: TRow): TFlowRevisionSnapshot {
  const parsed = ZStored.safeParse(row);
  if (!parsed.success)
    throw new AppError("INTERNAL", `Revision ${row.revision} of flow ${row.automationId} is unreadable.`, {
      cause: parsed.error,
    });
  return {
    automationId: row.automationId,
    revision: row.revision,
    graph: parsed.data.setup.graph,
    bindingPolicies: parsed.data.setup.bindingPolicies,
    belt: parsed.data.belt,
    changeNote: row.changeNote,
    publishedAt: row.createdAt,
    publishedById: row.publishedById,
  };
}

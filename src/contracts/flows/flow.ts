import { z } from "zod";
import { ZRevisionSummary } from "@/contracts/agents/agent-detail";
import { ZBeltEntry, ZBindingPolicies } from "@/contracts/agents/setup";
import { ZIsoDateTime } from "@/contracts/common/ids";
import { ZFlowGraph } from "./graph";

export const FLOW_NAME_MAX = 120;
export const FLOW_DESCRIPTION_MAX = 2_000;
export const FLOW_CHANGE_NOTE_MAX = 2_000;

/** The id of a flow in a request. Any string: an id that is no flow's is 404, never 400. */
export const ZFlowId = z.string().meta({ description: "The flow's id (UUID)." });

export const ZFlowName = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .max(FLOW_NAME_MAX, `must be at most ${FLOW_NAME_MAX} characters`);
export const ZFlowDescription = z
  .string()
  .trim()
  .max(FLOW_DESCRIPTION_MAX, `must be at most ${FLOW_DESCRIPTION_MAX} characters`)
  .nullable()
  .optional();

export const ZFlowSummary = z.object({
  id: z.uuid(),
  domainId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  publishedRevision: z.int().nullable(),
  stepCount: z.int(),
  updatedAt: ZIsoDateTime,
});
export type TFlowSummary = z.infer<typeof ZFlowSummary>;

/** The console's view of a flow: its draft document and where its published pointer stands. */
export const ZFlowDetail = z.object({
  id: z.uuid(),
  domainId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.literal("flow"),
  graph: ZFlowGraph,
  bindingPolicies: ZBindingPolicies,
  publishedRevision: z.int().nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TFlowDetail = z.infer<typeof ZFlowDetail>;

/** Flows number and list revisions exactly as agents do. */
export const ZFlowRevisionSummary = ZRevisionSummary;

/** An immutable published snapshot: what runs of that revision execute. */
export const ZFlowRevisionDetail = ZFlowRevisionSummary.extend({
  graph: ZFlowGraph,
  bindingPolicies: ZBindingPolicies,
  belt: z.array(ZBeltEntry),
});
export type TFlowRevisionDetail = z.infer<typeof ZFlowRevisionDetail>;

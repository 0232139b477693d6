import { z } from "zod";
import { ZBindingPoliciesInput } from "@/contracts/agents/set-binding-policies";
import { ZBeltEntry, ZBindingPolicies } from "@/contracts/agents/setup";
import { ZUuid } from "@/contracts/common/ids";
import { ZFlowFinding } from "./findings";
import {
  FLOW_CHANGE_NOTE_MAX,
  ZFlowDescription,
  ZFlowDetail,
  ZFlowId,
  ZFlowName,
  ZFlowRevisionDetail,
  ZFlowRevisionSummary,
  ZFlowSummary,
} from "./flow";
import { ZFlowGraph } from "./graph";

// Console-only procedures (spec section 1: the machine API does not author flows), so the
// requests live together rather than one file per route with OpenAPI meta.

export const ZCreateFlowRequest = z.strictObject({
  domainId: ZUuid,
  name: ZFlowName,
  description: ZFlowDescription,
  graph: ZFlowGraph.optional(),
});
export type TCreateFlowRequest = z.infer<typeof ZCreateFlowRequest>;

export const ZGetFlowRequest = z.strictObject({ id: ZFlowId });
export type TGetFlowRequest = z.infer<typeof ZGetFlowRequest>;
export const ZGetFlowResponse = z.object({ flow: ZFlowDetail });
export type TGetFlowResponse = z.infer<typeof ZGetFlowResponse>;

export const ZListFlowsRequest = z.strictObject({ domainId: ZUuid });
export type TListFlowsRequest = z.infer<typeof ZListFlowsRequest>;
export const ZListFlowsResponse = z.object({ flows: z.array(ZFlowSummary) });
export type TListFlowsResponse = z.infer<typeof ZListFlowsResponse>;

/** Replaces the draft document. Structure is checked here; meaning by validate/publish. */
export const ZUpdateFlowGraphRequest = z.strictObject({ id: ZFlowId, graph: ZFlowGraph });
export type TUpdateFlowGraphRequest = z.infer<typeof ZUpdateFlowGraphRequest>;

/** Validates the given document (unsaved editor text) or, without one, the saved draft. */
export const ZValidateFlowRequest = z.strictObject({ id: ZFlowId, graph: z.unknown().optional() });
export type TValidateFlowRequest = z.infer<typeof ZValidateFlowRequest>;
export const ZValidateFlowResponse = z.object({ findings: z.array(ZFlowFinding), plannedBelt: z.array(ZBeltEntry) });
export type TValidateFlowResponse = z.infer<typeof ZValidateFlowResponse>;

export const ZSetFlowBindingPoliciesRequest = z.strictObject({
  id: ZFlowId,
  policies: ZBindingPoliciesInput,
});
export type TSetFlowBindingPoliciesRequest = z.infer<typeof ZSetFlowBindingPoliciesRequest>;
export const ZSetFlowBindingPoliciesResponse = z.object({ bindingPolicies: ZBindingPolicies });
export type TSetFlowBindingPoliciesResponse = z.infer<typeof ZSetFlowBindingPoliciesResponse>;

export const ZPublishFlowRequest = z.strictObject({
  id: ZFlowId,
  changeNote: z
    .string()
    .trim()
    .max(FLOW_CHANGE_NOTE_MAX, `must be at most ${FLOW_CHANGE_NOTE_MAX} characters`)
    .nullable()
    .optional(),
});
export type TPublishFlowRequest = z.infer<typeof ZPublishFlowRequest>;
export const ZPublishFlowResponse = z.object({ revision: z.int().min(1), belt: z.array(ZBeltEntry) });
export type TPublishFlowResponse = z.infer<typeof ZPublishFlowResponse>;

export const ZListFlowRevisionsRequest = z.strictObject({ id: ZFlowId });
export type TListFlowRevisionsRequest = z.infer<typeof ZListFlowRevisionsRequest>;
export const ZListFlowRevisionsResponse = z.object({ revisions: z.array(ZFlowRevisionSummary) });
export type TListFlowRevisionsResponse = z.infer<typeof ZListFlowRevisionsResponse>;

export const ZGetFlowRevisionRequest = z.strictObject({ id: ZFlowId, revision: z.int().min(1) });
export type TGetFlowRevisionRequest = z.infer<typeof ZGetFlowRevisionRequest>;
export const ZGetFlowRevisionResponse = z.object({ revision: ZFlowRevisionDetail });
export type TGetFlowRevisionResponse = z.infer<typeof ZGetFlowRevisionResponse>;

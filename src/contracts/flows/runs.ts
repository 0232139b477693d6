import { z } from "zod";
import { consoleRunRequest } from "@/contracts/common/console-run";
import { ZFlowGraph } from "@/contracts/flows/graph";

/** Flow runs in the console: Run / Test run and the run's step results. */

/**
 * Run by hand. Strict: there is no `callerCredentials` field (spec 5 rule 7: the console never
 * takes caller material), so a body carrying one is refused with 400 VALIDATION.
 */
export const ZRunFlowRequest = consoleRunRequest({
  id: z.string().min(1, "must not be empty").max(64, "must be at most 64 characters"),
  input: z.record(z.string(), z.json()).default({}),
});
export type TRunFlowRequest = z.infer<typeof ZRunFlowRequest>;
/** `revision` is negative for a test run: the draft's snapshot, never listed nor published. */
export const ZRunFlowResponse = z.object({
  sessionId: z.uuid(),
  flowRunId: z.uuid(),
  executionId: z.uuid(),
  revision: z.int(),
  testRun: z.boolean(),
});
export type TRunFlowResponse = z.infer<typeof ZRunFlowResponse>;

export const FLOW_RUN_STATUSES = ["queued", "running", "suspended", "completed", "failed"] as const;
export const FLOW_STEP_STATUSES = ["running", "waiting", "completed", "failed"] as const;

export const ZFlowStepRun = z.object({
  stepId: z.string(),
  index: z.int(),
  kind: z.string(),
  status: z.enum(FLOW_STEP_STATUSES),
  /** What the step received, its templates rendered (tool args with header values redacted); null on runs recorded before inputs were. */
  input: z.json().nullable(),
  output: z.json().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  durationMs: z.int().nullable(),
});
export type TFlowStepRun = z.infer<typeof ZFlowStepRun>;

export const ZFlowRunDetail = z.object({
  id: z.uuid(),
  sessionId: z.uuid(),
  automationId: z.uuid(),
  revision: z.int(),
  status: z.enum(FLOW_RUN_STATUSES),
  input: z.json().nullable(),
  output: z.json().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  deadlineAt: z.iso.datetime(),
  steps: z.array(ZFlowStepRun),
  /** The graph of the revision the run is pinned to, so the console draws the run on it; null when that revision cannot be read. */
  graph: ZFlowGraph.nullable(),
});
export type TFlowRunDetail = z.infer<typeof ZFlowRunDetail>;

/** The flow run a session records, if the session is a flow's (null for agent sessions). */
export const ZGetFlowRunRequest = z.strictObject({ sessionId: z.string().min(1).max(64) });
export const ZGetFlowRunResponse = z.object({ flowRun: ZFlowRunDetail.nullable() });
export type TGetFlowRunResponse = z.infer<typeof ZGetFlowRunResponse>;

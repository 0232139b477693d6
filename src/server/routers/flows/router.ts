import { router } from "@/server/trpc/init";
import { compareFlowRevisions } from "./compare-flow-revisions";
import { createFlow } from "./create-flow";
import { getFlow } from "./get-flow";
import { getFlowRevision } from "./get-flow-revision";
import { getFlowRun } from "./get-flow-run";
import { listFlowRevisions } from "./list-flow-revisions";
import { listFlows } from "./list-flows";
import { publishFlow } from "./publish-flow";
import { restoreFlowRevision } from "./restore-flow-revision";
import { runFlow } from "./run-flow";
import { setFlowBindingPolicies } from "./set-flow-binding-policies";
import { testRunFlow } from "./test-run-flow";
import { updateFlowGraph } from "./update-flow-graph";
import { validateFlow } from "./validate-flow";

/** Console procedures only: the machine API does not author flows (spec section 1). */
export const flowsRouter = router({
  list: listFlows,
  get: getFlow,
  create: createFlow,
  updateGraph: updateFlowGraph,
  validate: validateFlow,
  setBindingPolicies: setFlowBindingPolicies,
  publish: publishFlow,
  listRevisions: listFlowRevisions,
  getRevision: getFlowRevision,
  compareRevisions: compareFlowRevisions,
  restoreRevision: restoreFlowRevision,
  run: runFlow,
  testRun: testRunFlow,
  getRun: getFlowRun,
});

import { router } from "@/server/trpc/init";
import { compareRevisions } from "./console/compare-revisions";
import { createAgent as consoleCreateAgent } from "./console/create-agent";
import { getAgent } from "./console/get-agent";
import { getRevision } from "./console/get-revision";
import { listAgents } from "./console/list-agents";
import { listModels } from "./console/list-models";
import { listRevisions } from "./console/list-revisions";
import { publishAgent as consolePublishAgent } from "./console/publish-agent";
import { restoreRevision } from "./console/restore-revision";
import { runAgent } from "./console/run-agent";
import { setBindingPolicies } from "./console/set-binding-policies";
import { setKnowledgeSelection as consoleSetKnowledgeSelection } from "./console/set-knowledge-selection";
import { testRunAgent } from "./console/test-run-agent";
import { updateAgentSetup as consoleUpdateAgentSetup } from "./console/update-agent-setup";
import { verifyAgent as consoleVerifyAgent } from "./console/verify-agent";
import { createAgent } from "./create-agent";
import { publishAgent } from "./publish-agent";
import { setKnowledgeSelection } from "./set-knowledge-selection";
import { updateAgentSetup } from "./update-agent-setup";
import { verifyAgent } from "./verify-agent";

/** Console procedures (cookie) at the top; the machine authoring routes (yk_/yku_) under `authoring`. */
export const agentsRouter = router({
  list: listAgents,
  get: getAgent,
  create: consoleCreateAgent,
  updateSetup: consoleUpdateAgentSetup,
  setBindingPolicies,
  verify: consoleVerifyAgent,
  publish: consolePublishAgent,
  listRevisions,
  listModels,
  getRevision,
  compareRevisions,
  restoreRevision,
  setKnowledgeSelection: consoleSetKnowledgeSelection,
  run: runAgent,
  testRun: testRunAgent,
  authoring: router({
    create: createAgent,
    updateSetup: updateAgentSetup,
    verify: verifyAgent,
    publish: publishAgent,
    setKnowledgeSelection,
  }),
});

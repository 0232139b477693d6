import type { TRunAgentRequest, TRunAgentResponse } from "@/contracts/agents/run-agent";
import type { TUserActor } from "@/server/auth/actor";
import { visibleTools } from "@/server/integrations/catalog";
import { createTestRunRevision } from "@/server/services/revisions/test-run-revision";
import { openSession } from "@/server/services/sessions/open-session";
import { authorizeAgent } from "@/server/services/automations/automation-access";
import { verifiedAgentDraft } from "./publish-agent";

/**
 * The console's Run: a domain session on the newest published revision, as the signed-in
 * person, with the organization's connections only (the strict input has no callerCredentials,
 * spec 5 rule 7). Needs `execute`; a never-published agent is 409 CONFLICT.
 */
export async function runAgentByHand(actor: TUserActor, request: TRunAgentRequest): Promise<TRunAgentResponse> {
  const started = await openSession(actor, {
    automationId: request.id,
    message: request.message,
    kind: "domain",
    origin: "console",
    unpublishedIsConflict: true,
  });
  return { ...started, testRun: false };
}

/**
 * The console's Test run: the current draft, verified as publish verifies it (findings are
 * 422 VALIDATION with details.findings), snapshotted as a negative revision inside the
 * session's transaction under the agent's row lock, then run like Run. An author's tool:
 * needs `edit_automation` (which every role that has it pairs with `execute`).
 */
export async function testRunAgent(actor: TUserActor, request: TRunAgentRequest): Promise<TRunAgentResponse> {
  const agent = await authorizeAgent(actor, request.id, "edit_automation");
  // Outside the transaction: the embedded database has one connection, which it holds.
  const tools = await visibleTools(actor.orgId);
  const started = await openSession(actor, {
    automationId: agent.id,
    message: request.message,
    kind: "domain",
    origin: "console",
    title: `Test run: ${request.message.split(/\r?\n/)[0]!.trim()}`.slice(0, 120),
    pinRevision: async (tx) =>
      createTestRunRevision(tx, agent.id, actor.userId, await verifiedAgentDraft(tx, agent.id, tools, "test-run")),
  });
  return { ...started, testRun: true };
}

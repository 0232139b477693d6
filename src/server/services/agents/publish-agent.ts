import type { TPublishAgentRequest, TPublishAgentResponse } from "@/contracts/agents/publish-agent";
import type { TFinding, TPublishFinding } from "@/contracts/agents/verification";
import type { TUserActor } from "@/server/auth/actor";
import { db, type TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { visibleTools, type TVisibleTool } from "@/server/integrations/catalog";
import { lockAutomation, PUBLISHED_REVISIONS } from "@/server/services/revisions/test-run-revision";
import { authorizeAgent } from "./agent-access";
import { readDraft, verifyDraft } from "./draft";
import type { TRevisionSetup } from "./revision-snapshot";

/** Findings refuse a publish or a test run alike: 422 VALIDATION with details.findings. */
export function draftRefusal(findings: TFinding[], action = "published"): AppError {
  const listed: TPublishFinding[] = findings.map((finding) => ({
    message: finding.detail,
    span: finding.span,
    kind: finding.kind,
    proposal: finding.proposal,
  }));
  const first = listed[0]!.message;
  const more = listed.length > 1 ? ` (and ${listed.length - 1} more)` : "";
  return new AppError("VALIDATION", `The agent cannot be ${action}: ${first}${more}`, { status: 422, details: { findings: listed } });
}

/**
 * The draft as a revision's content, verified as publish verifies it, under the agent's row
 * lock so the verified draft is the one snapshotted. Shared by publish and Test run; findings
 * throw the 422 of `draftRefusal`.
 */
export async function verifiedAgentDraft(tx: TTransaction, agentId: string, tools: Map<string, TVisibleTool>, action = "published") {
  await lockAutomation(tx, agentId);
  const draft = await readDraft(tx, agentId);
  const verification = await verifyDraft(tx, draft, tools);
  if (verification.findings.length) throw draftRefusal(verification.findings, action);
  const setup: TRevisionSetup = { ...draft.setup, bindingPolicies: draft.bindingPolicies };
  return { setup, belt: verification.plannedBelt, knowledgeSelection: draft.knowledgeSelection };
}

/**
 * Publishes the draft as the next revision (1, 2, 3, ...). The row lock on the agent
 * serializes concurrent publishes, so the draft that is verified is the draft that is
 * snapshotted, and two publishes never compute the same number (the unique
 * (automationId, revision) index is the backstop). Findings roll everything back: 422,
 * draft unchanged, no revision.
 */
export async function publishAgent(actor: TUserActor, input: TPublishAgentRequest): Promise<TPublishAgentResponse> {
  const agent = await authorizeAgent(actor, input.id, "edit_automation");
  // Read outside the transaction: the embedded database has one connection, which the
  // transaction holds. An integration disabled in between is caught when the agent runs.
  const tools = await visibleTools(actor.orgId);
  return db().$transaction(async (tx) => {
    const snapshot = await verifiedAgentDraft(tx, agent.id, tools);
    const latest = await tx.automationRevision.aggregate({ where: { automationId: agent.id, revision: PUBLISHED_REVISIONS }, _max: { revision: true } });
    const revision = (latest._max.revision ?? 0) + 1;
    await tx.automationRevision.create({
      data: { automationId: agent.id, revision, ...snapshot, changeNote: input.changeNote || null, publishedById: actor.userId },
    });
    await tx.automation.update({ where: { id: agent.id }, data: { publishedRevision: revision } });
    return { revision, belt: snapshot.belt };
  });
}

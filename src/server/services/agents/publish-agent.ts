import type { TPublishAgentRequest, TPublishAgentResponse } from "@/contracts/agents/publish-agent";
import type { TFinding, TPublishFinding } from "@/contracts/agents/verification";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { visibleTools } from "@/server/integrations/catalog";
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
    await lockAutomation(tx, agent.id);
    const draft = await readDraft(tx, agent.id);
    const verification = await verifyDraft(tx, draft, tools);
    if (verification.findings.length) throw draftRefusal(verification.findings);
    const latest = await tx.automationRevision.aggregate({ where: { automationId: agent.id, revision: PUBLISHED_REVISIONS }, _max: { revision: true } });
    const revision = (latest._max.revision ?? 0) + 1;
    const setup: TRevisionSetup = { ...draft.setup, bindingPolicies: draft.bindingPolicies };
    await tx.automationRevision.create({
      data: {
        automationId: agent.id,
        revision,
        setup,
        belt: verification.plannedBelt,
        knowledgeSelection: draft.knowledgeSelection,
        changeNote: input.changeNote || null,
        publishedById: actor.userId,
      },
    });
    await tx.automation.update({ where: { id: agent.id }, data: { publishedRevision: revision } });
    return { revision, belt: verification.plannedBelt };
  });
}

import type { TRestoreRevisionRequest, TRestoreRevisionResponse } from "@/contracts/agents/restore-revision";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { authorizeAgent } from "@/server/services/automations/automation-access";
import { recordAudit } from "@/server/services/audit/record-audit";
import { lockAutomation } from "@/server/services/revisions/test-run-revision";
import { toDbMode } from "./draft";
import { getAgent } from "./get-agent";
import { REVISION_SELECT, toSnapshot } from "./revision-snapshot";

/**
 * Copies a published revision into the agent's draft: the five Setup fields, the binding
 * policies and the knowledge selection. Nothing is published and the published pointer does not
 * move; the person publishes when ready (and a restore of the published revision's own content
 * then publishes nothing). The whole draft is replaced, unsaved editor changes included.
 */
export async function restoreAgentRevision(
  actor: TUserActor,
  { id, revision }: TRestoreRevisionRequest,
): Promise<TRestoreRevisionResponse> {
  const agent = await authorizeAgent(actor, id, "edit_automation");
  await db().$transaction(async (tx) => {
    // Under the row lock a publish cannot interleave: it snapshots either the old draft or this one.
    await lockAutomation(tx, agent.id);
    const row = await tx.automationRevision.findUnique({
      where: { automationId_revision: { automationId: agent.id, revision } },
      select: REVISION_SELECT,
    });
    if (!row) throw notFound("revision");
    const { setup, knowledgeSelection } = toSnapshot(row);
    await tx.automation.update({
      where: { id: agent.id },
      data: {
        principles: setup.principles,
        procedure: setup.procedure,
        model: setup.model,
        approvalTools: setup.approvalTools,
        actionClasses: setup.actionClasses,
        bindingPolicies: setup.bindingPolicies,
        knowledgeMode: toDbMode(knowledgeSelection.mode),
        knowledgeModuleIds: knowledgeSelection.moduleIds,
      },
    });
    await recordAudit(tx, {
      orgId: agent.organizationId,
      actor,
      kind: "agent.restored",
      subject: { type: "agent", id: agent.id },
      summary: `Restored revision ${revision} of agent “${agent.name}” into its draft`,
      data: { revision, domainId: agent.domainId },
    });
  });
  return { restoredRevision: revision, agent: (await getAgent(actor, { id: agent.id })).agent };
}

import type {
  TRestoreFlowRevisionRequest,
  TRestoreFlowRevisionResponse,
} from "@/contracts/flows/restore-flow-revision";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { notFound } from "@/server/errors";
import { authorizeFlow } from "@/server/services/automations/automation-access";
import { recordAudit } from "@/server/services/audit/record-audit";
import { lockAutomation } from "@/server/services/revisions/test-run-revision";
import { FLOW_REVISION_SELECT, toFlowSnapshot } from "./flow-revision";
import { FLOW_SELECT, toFlow } from "./to-flow";

/**
 * Copies a published revision's document and binding policies into the flow's draft. Nothing is
 * published and the published pointer does not move; the person publishes when ready.
 */
export async function restoreFlowRevision(
  actor: TUserActor,
  { id, revision }: TRestoreFlowRevisionRequest,
): Promise<TRestoreFlowRevisionResponse> {
  const flow = await authorizeFlow(actor, id, "edit_automation");
  const row = await db().$transaction(async (tx) => {
    // Under the row lock a publish cannot interleave: it snapshots either the old draft or this one.
    await lockAutomation(tx, flow.id);
    const stored = await tx.automationRevision.findUnique({
      where: { automationId_revision: { automationId: flow.id, revision } },
      select: FLOW_REVISION_SELECT,
    });
    if (!stored) throw notFound("revision");
    const snapshot = toFlowSnapshot(stored);
    const updated = await tx.automation.update({
      where: { id: flow.id },
      data: {
        flowGraph: snapshot.graph as Prisma.InputJsonObject,
        bindingPolicies: snapshot.bindingPolicies,
      },
      select: FLOW_SELECT,
    });
    await recordAudit(tx, {
      orgId: flow.organizationId,
      actor,
      kind: "flow.restored",
      subject: { type: "flow", id: flow.id },
      summary: `Restored revision ${revision} of flow “${flow.name}” into its draft`,
      data: { revision, domainId: flow.domainId },
    });
    return updated;
  });
  return { restoredRevision: revision, flow: toFlow(row) };
}

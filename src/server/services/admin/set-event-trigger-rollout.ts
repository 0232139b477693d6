import type {
  TSetEventTriggerRolloutRequest,
  TSetEventTriggerRolloutResponse,
} from "@/contracts/admin/set-event-trigger-rollout";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import {
  disableEventTriggers,
  enableEventTriggers,
  readEventTriggerSwitches,
} from "@/server/services/triggers/rollout";

/**
 * An instance operator turns event triggers on or off for one organization. A change is written
 * to that organization's audit log in the same transaction (the operator named as such); setting
 * the state it already has changes and logs nothing. An unknown organization is a 404.
 */
export async function setEventTriggerRollout(
  operatorUserId: string,
  input: TSetEventTriggerRolloutRequest,
): Promise<TSetEventTriggerRolloutResponse> {
  return db().$transaction(async (tx) => {
    const organization = await tx.organization.findUnique({
      where: { id: input.orgId },
      select: { id: true, name: true, slug: true },
    });
    if (!organization) throw notFound("organization");
    const before = await readEventTriggerSwitches(tx);
    const was = before.organizations.has(organization.id);
    if (was !== input.enabled) {
      await (input.enabled ? enableEventTriggers : disableEventTriggers)(organization.id, tx);
      const operator = await tx.user.findUniqueOrThrow({
        where: { id: operatorUserId },
        select: { id: true, name: true, email: true },
      });
      await recordAudit(tx, {
        orgId: organization.id,
        actor: { kind: "operator", userId: operator.id, name: operator.name, email: operator.email },
        kind: "rollout.changed",
        subject: { type: "organization", id: organization.id },
        summary: `${input.enabled ? "Enabled" : "Disabled"} event triggers for this organization (service operator)`,
        data: { rollout: "event_triggers", changes: { enabled: { from: was, to: input.enabled } } },
      });
    }
    return {
      organization: { ...organization, enabled: input.enabled, effective: input.enabled || before.instance },
    };
  });
}

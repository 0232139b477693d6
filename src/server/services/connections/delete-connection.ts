import type { TDeleteConnectionRequest } from "@/contracts/connections/delete-connection";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";

/**
 * Deletes a connection and its sealed secret; another organization's id is a 404. The audit
 * entry (name, integration, domain; never the secret) shares the deletion's transaction.
 */
export async function deleteConnection(actor: TUserActor, input: TDeleteConnectionRequest) {
  const connection = await db().connection.findUnique({
    where: { id: input.id },
    select: { organizationId: true, domainId: true, name: true, integrationId: true },
  });
  if (!connection || connection.organizationId !== actor.orgId) throw notFound("connection");
  await assertCan(actor, "edit_automation", connection.domainId);
  await db().$transaction(async (tx) => {
    const { count } = await tx.connection.deleteMany({ where: { id: input.id, organizationId: actor.orgId } });
    if (!count) return;
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "connection.deleted",
      subject: { type: "connection", id: input.id },
      summary: `Deleted the ${connection.integrationId} connection "${connection.name}"`,
      data: { name: connection.name, integrationId: connection.integrationId, domainId: connection.domainId },
    });
  });
  return { id: input.id };
}

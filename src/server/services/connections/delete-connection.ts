import type { TDeleteConnectionRequest } from "@/contracts/connections/delete-connection";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";

/** Deletes a connection and its sealed secret; another organization's id is a 404. */
export async function deleteConnection(actor: TUserActor, input: TDeleteConnectionRequest) {
  const connection = await db().connection.findUnique({
    where: { id: input.id },
    select: { organizationId: true, domainId: true },
  });
  if (!connection || connection.organizationId !== actor.orgId) throw notFound("connection");
  await assertCan(actor, "edit_automation", connection.domainId);
  await db().connection.deleteMany({ where: { id: input.id, organizationId: actor.orgId } });
  return { id: input.id };
}

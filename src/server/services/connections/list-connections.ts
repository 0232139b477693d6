import type { TListConnectionsRequest } from "@/contracts/connections/list-connections";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { CONNECTION_SELECT, toConnection } from "./to-connection";

/** The domain's connections, oldest first; names and hints only, never the secret. */
export async function listConnections(actor: TUserActor, input: TListConnectionsRequest) {
  await assertCan(actor, "edit_automation", input.domainId);
  const rows = await db().connection.findMany({
    where: { organizationId: actor.orgId, domainId: input.domainId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: CONNECTION_SELECT,
  });
  return { connections: rows.map(toConnection) };
}

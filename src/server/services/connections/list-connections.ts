import type { TListConnectionsRequest } from "@/contracts/connections/list-connections";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { cursorPage, keysetQuery, type TPageRequest } from "@/server/services/common/cursor-page";
import { CONNECTION_SELECT, toConnection } from "./to-connection";

const CONNECTIONS = {
  list: "connections",
  shape: ["date", "uuid"],
  order: [
    ["createdAt", "asc"],
    ["id", "asc"],
  ],
} as const;

/**
 * The domain's connections, oldest first; names and hints only, never the secret. A page of them
 * with `limit` (the tenant door), all of them without (the console).
 */
export async function listConnections(actor: TUserActor, input: TListConnectionsRequest, page: TPageRequest = {}) {
  const keyset = keysetQuery(CONNECTIONS, page);
  await assertCan(actor, "edit_automation", input.domainId);
  const rows = await db().connection.findMany({
    where: { organizationId: actor.orgId, domainId: input.domainId, AND: [keyset.after] },
    orderBy: keyset.orderBy,
    take: keyset.take,
    select: CONNECTION_SELECT,
  });
  const { items, nextCursor } = cursorPage(CONNECTIONS, rows, page, (row) => [row.createdAt, row.id]);
  return { connections: items.map(toConnection), nextCursor };
}

import {
  createTenantConnectionMeta,
  deleteTenantConnectionMeta,
  listTenantConnectionsMeta,
  ZCreateTenantConnectionRequest,
  ZCreateTenantConnectionResponse,
  ZDeleteTenantConnectionRequest,
  ZDeleteTenantConnectionResponse,
  ZListTenantConnectionsRequest,
  ZListTenantConnectionsResponse,
} from "@/contracts/partner/tenant-connections";
import type { TConnection } from "@/contracts/connections/connection";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import { connectionRequestIdentity, createConnection } from "@/server/services/connections/create-connection";
import { deleteConnection } from "@/server/services/connections/delete-connection";
import { listConnections } from "@/server/services/connections/list-connections";
import { router } from "@/server/trpc/init";
import { tenantRoute } from "@/server/trpc/tenant-route";

/**
 * The console's connections on the partner tenant door (issue 40): the same services. The secret
 * is write-only; an Idempotency-Key's request equality covers it only as a keyed digest.
 */
export const tenantConnectionsRouter = router({
  create: tenantRoute(
    createTenantConnectionMeta,
    ZCreateTenantConnectionRequest,
    ZCreateTenantConnectionResponse,
    async ({ ctx, input }) =>
      answerIdempotently<{ connection: TConnection }>(ctx, {
        orgId: ctx.actor.orgId,
        scope: `connections.create:${ctx.actor.userId}`,
        request: await connectionRequestIdentity(input),
        status: 201,
        execute: (record) => createConnection(ctx.actor, input, record),
      }),
  ),
  list: tenantRoute(
    listTenantConnectionsMeta,
    ZListTenantConnectionsRequest,
    ZListTenantConnectionsResponse,
    ({ ctx, input: { limit, cursor, ...input } }) => listConnections(ctx.actor, input, { limit, cursor }),
  ),
  delete: tenantRoute(
    deleteTenantConnectionMeta,
    ZDeleteTenantConnectionRequest,
    ZDeleteTenantConnectionResponse,
    ({ ctx, input }) => deleteConnection(ctx.actor, { id: input.connectionId }),
  ),
});

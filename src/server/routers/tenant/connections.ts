import { createHmac } from "node:crypto";
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
import { signingSecret } from "@/server/auth/signing-secret";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import { canonicalJson } from "@/server/idempotency/request-digest";
import { createConnection } from "@/server/services/connections/create-connection";
import { deleteConnection } from "@/server/services/connections/delete-connection";
import { listConnections } from "@/server/services/connections/list-connections";
import { router } from "@/server/trpc/init";
import { tenantRoute } from "@/server/trpc/tenant-route";

/**
 * The console's connections on the partner tenant door (issue 40): the same services. The secret
 * is write-only; an Idempotency-Key's request equality covers it only as an HMAC under the
 * service secret (as fire's callerCredentials, spec 4.5 rule 4), never as stored material.
 */
export const tenantConnectionsRouter = router({
  create: tenantRoute(
    createTenantConnectionMeta,
    ZCreateTenantConnectionRequest,
    ZCreateTenantConnectionResponse,
    async ({ ctx, input }) => {
      const { token, fields, ...rest } = input;
      const material = createHmac("sha256", await signingSecret())
        .update(canonicalJson({ token, fields }))
        .digest("hex");
      return answerIdempotently<{ connection: TConnection }>(ctx, {
        orgId: ctx.actor.orgId,
        scope: `connections.create:${ctx.actor.userId}`,
        request: { ...rest, material },
        status: 201,
        execute: (record) => createConnection(ctx.actor, input, record),
      });
    },
  ),
  list: tenantRoute(
    listTenantConnectionsMeta,
    ZListTenantConnectionsRequest,
    ZListTenantConnectionsResponse,
    ({ ctx, input }) => listConnections(ctx.actor, input),
  ),
  delete: tenantRoute(
    deleteTenantConnectionMeta,
    ZDeleteTenantConnectionRequest,
    ZDeleteTenantConnectionResponse,
    ({ ctx, input }) => deleteConnection(ctx.actor, { id: input.connectionId }),
  ),
});

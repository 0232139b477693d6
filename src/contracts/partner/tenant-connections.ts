import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { ZCreateConnectionRequest, ZCreateConnectionResponse } from "@/contracts/connections/create-connection";
import { ZListConnectionsRequest, ZListConnectionsResponse } from "@/contracts/connections/list-connections";
import { TENANT_PAGE_400, TENANT_PAGE_SENTENCE, tenantPaged, tenantPageQuery } from "./tenant-page";

// The console's connections (src/server/routers/connections) on the partner tenant door (issue
// 40): the same inputs, outputs and service. /api/v1 still exposes no connections (spec 1).

const DOMAIN_ID = "6f1c2a4e-8b3d-4f5a-9c7e-2d1b0a9f8e7d";
const CONNECTION_EXAMPLE = {
  id: "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e",
  domainId: DOMAIN_ID,
  name: "Orders API",
  integrationId: "service.http",
  secretHint: "token …9f3a",
  createdAt: "2026-01-05T09:00:00.000Z",
};
const EDIT_403 = "The subject's role in the domain does not allow editing automations (Editor or Owner; FORBIDDEN).";

export const createTenantConnectionMeta = routeMeta({
  surface: "partner-v1",
  idempotency: "optional",
  examples: {
    request: {
      domainId: DOMAIN_ID,
      integrationId: "service.http",
      name: "Orders API",
      token: "example-token-4f1c9b2e9f3a",
    },
    response: { connection: CONNECTION_EXAMPLE },
  },
  method: "POST",
  path: "/connections",
  summary: "Create a connection",
  description:
    "Stores the customer's credential for one integration in one domain: a `token`, named `fields`, or both, as the integration declares. The material is write-only: it is sealed by the vault before it is stored and is never returned, here or anywhere; answers carry only `secretHint` (its shape and, for long values, the last four characters). A replay of an `Idempotency-Key` answers the stored connection; the key's request equality covers the material through a keyed digest only.",
  tags: ["Connections"],
  security: [],
  successStatus: 201,
  errors: {
    400: "Invalid or unknown fields, neither `token` nor `fields`, a token or a field the integration does not take, or an integration that needs no credential (VALIDATION).",
    403: EDIT_403,
    404: "The domain or the integration is unknown to the customer (NOT_FOUND).",
    409: "The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) or the original is still being recorded (IDEMPOTENCY_IN_PROGRESS, `Retry-After`).",
  },
});

export const ZCreateTenantConnectionRequest = ZCreateConnectionRequest;
export const ZCreateTenantConnectionResponse = ZCreateConnectionResponse;

export const listTenantConnectionsMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { connections: [CONNECTION_EXAMPLE], nextCursor: null } },
  method: "GET",
  path: "/connections",
  summary: "List a domain's connections",
  description: `The domain's connections, oldest first, as the console lists them: names, integrations and \`secretHint\`, never the secret. ${TENANT_PAGE_SENTENCE}`,
  tags: ["Connections"],
  security: [],
  errors: {
    400: `\`domainId\` is missing or not a UUID (VALIDATION). ${TENANT_PAGE_400}`,
    403: EDIT_403,
    404: "The domain is unknown to the customer (NOT_FOUND).",
  },
});

export const ZListTenantConnectionsRequest = ZListConnectionsRequest.extend(tenantPageQuery);
export const ZListTenantConnectionsResponse = tenantPaged(ZListConnectionsResponse);

export const deleteTenantConnectionMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { id: CONNECTION_EXAMPLE.id } },
  method: "DELETE",
  path: "/connections/{connectionId}",
  summary: "Delete a connection",
  description:
    "Deletes the connection and its sealed secret. Agents and flows that used it fail on their next call to the integration until another connection is set.",
  tags: ["Connections"],
  security: [],
  errors: {
    400: "`connectionId` is not a UUID (VALIDATION).",
    403: EDIT_403,
    404: "No connection with this id in the customer (NOT_FOUND).",
  },
});

export const ZDeleteTenantConnectionRequest = z.strictObject({
  connectionId: ZUuid.meta({ description: "The connection's id." }),
});
export const ZDeleteTenantConnectionResponse = z.object({
  id: ZUuid.meta({ description: "The deleted connection's id." }),
});

import { ZWebhookEndpoint } from "@/contracts/webhooks/endpoint";
import {
  getWebhookEndpointMeta,
  listWebhookEndpointsMeta,
  ZListWebhookEndpointsRequest,
  ZListWebhookEndpointsResponse,
  ZWebhookEndpointPath,
} from "@/contracts/webhooks/endpoint-routes";
import { getWebhookEndpoint, listWebhookEndpoints } from "@/server/services/webhook-endpoints/endpoints";
import { userKeyProcedure } from "@/server/trpc/procedures";

/** GET /api/v1/webhook-endpoints (yk_). */
export const listEndpoints = userKeyProcedure
  .meta(listWebhookEndpointsMeta)
  .input(ZListWebhookEndpointsRequest)
  .output(ZListWebhookEndpointsResponse)
  .query(({ ctx, input }) => listWebhookEndpoints(ctx.actor, input));

/** GET /api/v1/webhook-endpoints/{endpointId} (yk_). */
export const getEndpoint = userKeyProcedure
  .meta(getWebhookEndpointMeta)
  .input(ZWebhookEndpointPath)
  .output(ZWebhookEndpoint)
  .query(({ ctx, input }) => getWebhookEndpoint(ctx.actor, input.endpointId));

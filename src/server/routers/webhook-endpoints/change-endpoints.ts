import { z } from "zod";
import { ZWebhookEndpoint, ZWebhookEndpointWithSecret } from "@/contracts/webhooks/endpoint";
import {
  deleteWebhookEndpointMeta,
  rotateWebhookEndpointSecretMeta,
  updateWebhookEndpointMeta,
  ZUpdateWebhookEndpointRequest,
  ZWebhookEndpointPath,
} from "@/contracts/webhooks/endpoint-routes";
import {
  deleteWebhookEndpoint,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
} from "@/server/services/webhook-endpoints/endpoints";
import { userKeyProcedure } from "@/server/trpc/procedures";

/** PATCH /api/v1/webhook-endpoints/{endpointId} (yk_). */
export const updateEndpoint = userKeyProcedure
  .meta(updateWebhookEndpointMeta)
  .input(ZUpdateWebhookEndpointRequest)
  .output(ZWebhookEndpoint)
  .mutation(({ ctx, input }) => updateWebhookEndpoint(ctx.actor, input));

/** DELETE /api/v1/webhook-endpoints/{endpointId} (yk_): 204. */
export const deleteEndpoint = userKeyProcedure
  .meta(deleteWebhookEndpointMeta)
  .input(ZWebhookEndpointPath)
  .output(z.void())
  .mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx.actor, input.endpointId));

/** POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret (yk_): the new secret, shown once. */
export const rotateEndpointSecret = userKeyProcedure
  .meta(rotateWebhookEndpointSecretMeta)
  .input(ZWebhookEndpointPath)
  .output(ZWebhookEndpointWithSecret)
  .mutation(({ ctx, input }) => rotateWebhookEndpointSecret(ctx.actor, input.endpointId));

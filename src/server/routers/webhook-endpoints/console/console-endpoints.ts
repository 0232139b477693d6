import { ZWebhookEndpointWithSecret } from "@/contracts/webhooks/endpoint";
import {
  ZCreateWebhookEndpointRequest,
  ZListWebhookEndpointsResponse,
  ZUpdateWebhookEndpointRequest,
} from "@/contracts/webhooks/endpoint-routes";
import {
  ZListEndpointDeliveriesResponse,
  ZRedeliverEndpointDeliveryRequest,
  ZRedeliverEndpointDeliveryResponse,
} from "@/contracts/webhooks/delivery-routes";
import { ZWebhookEndpoint } from "@/contracts/webhooks/endpoint";
import { z } from "zod";
import { listEndpointDeliveries, redeliverEndpointDelivery } from "@/server/services/webhook-endpoints/deliveries";
import {
  createWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
} from "@/server/services/webhook-endpoints/endpoints";
import { consoleProcedure } from "@/server/trpc/procedures";

// The console's twins of the v1 routes (cookie, tRPC only): same services, same rules.

export const consoleList = consoleProcedure
  .input(z.strictObject({}))
  .output(ZListWebhookEndpointsResponse)
  .query(({ ctx }) => listWebhookEndpoints(ctx.actor, { limit: 100, offset: 0 }));

export const consoleCreate = consoleProcedure
  .input(ZCreateWebhookEndpointRequest)
  .output(ZWebhookEndpointWithSecret)
  .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.actor, input));

export const consoleUpdate = consoleProcedure
  .input(ZUpdateWebhookEndpointRequest)
  .output(ZWebhookEndpoint)
  .mutation(({ ctx, input }) => updateWebhookEndpoint(ctx.actor, input));

export const consoleDeliveries = consoleProcedure
  .input(z.strictObject({ endpointId: z.string() }))
  .output(ZListEndpointDeliveriesResponse)
  .query(({ ctx, input }) => listEndpointDeliveries(ctx.actor, { ...input, limit: 50, offset: 0 }));

export const consoleRedeliver = consoleProcedure
  .input(ZRedeliverEndpointDeliveryRequest)
  .output(ZRedeliverEndpointDeliveryResponse)
  .mutation(({ ctx, input }) => redeliverEndpointDelivery(ctx.actor, input));

import {
  listEndpointDeliveriesMeta,
  redeliverEndpointDeliveryMeta,
  ZListEndpointDeliveriesRequest,
  ZListEndpointDeliveriesResponse,
  ZRedeliverEndpointDeliveryRequest,
  ZRedeliverEndpointDeliveryResponse,
} from "@/contracts/webhooks/delivery-routes";
import { listEndpointDeliveries, redeliverEndpointDelivery } from "@/server/services/webhook-endpoints/deliveries";
import { userKeyProcedure } from "@/server/trpc/procedures";

/** GET /api/v1/webhook-endpoints/{endpointId}/deliveries (yk_). */
export const listDeliveries = userKeyProcedure
  .meta(listEndpointDeliveriesMeta)
  .input(ZListEndpointDeliveriesRequest)
  .output(ZListEndpointDeliveriesResponse)
  .query(({ ctx, input }) => listEndpointDeliveries(ctx.actor, input));

/** POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver (yk_). */
export const redeliver = userKeyProcedure
  .meta(redeliverEndpointDeliveryMeta)
  .input(ZRedeliverEndpointDeliveryRequest)
  .output(ZRedeliverEndpointDeliveryResponse)
  .mutation(({ ctx, input }) => redeliverEndpointDelivery(ctx.actor, input));

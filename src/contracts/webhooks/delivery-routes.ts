import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import { WEBHOOK_ENDPOINT_403, WEBHOOK_ENDPOINT_404, ZEndpointPathId } from "./endpoint";

const TAGS = ["Webhook endpoints"];

export const ZEndpointAttempt = z
  .object({
    number: z.number().int(),
    manual: z.boolean().meta({ description: "A redeliver asked for by a person or a call, not the schedule." }),
    startedAt: z.string(),
    durationMs: z.number().int().nullable(),
    statusCode: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when none." }),
    error: z.string().nullable(),
  })
  .meta({ id: "WebhookEndpointAttempt" });

export const ZEndpointDelivery = z
  .object({
    id: ZUuid,
    eventId: ZUuid,
    eventType: z.string(),
    status: z.enum(["PENDING", "SUCCEEDED", "FAILED"]),
    attemptCount: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    succeededAt: z.string().nullable(),
    attempts: z.array(ZEndpointAttempt),
  })
  .meta({ id: "WebhookEndpointDelivery" });
export type TEndpointDelivery = z.infer<typeof ZEndpointDelivery>;

export const listEndpointDeliveriesMeta = routeMeta({
  surface: "v1",
  examples: {
    response: {
      items: [
        {
          id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
          eventId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
          eventType: "turn.completed",
          status: "SUCCEEDED",
          attemptCount: 1,
          nextAttemptAt: null,
          createdAt: "2026-03-14T09:30:00.000Z",
          succeededAt: "2026-03-14T09:30:01.000Z",
          attempts: [
            {
              number: 1,
              manual: true,
              startedAt: "2026-03-14T09:30:00.000Z",
              durationMs: 412,
              statusCode: 200,
              error: null,
            },
          ],
        },
      ],
      total: 1,
      limit: 1,
      offset: 0,
    },
  },
  method: "GET",
  path: "/webhook-endpoints/{endpointId}/deliveries",
  summary: "List an endpoint's deliveries with their attempts",
  description:
    "Newest first, each with every attempt (status code, duration, error, time). `limit` defaults to 50, at most 100; `offset` skips that many.",
  tags: TAGS,
  security: ["apiKey"],
  successStatus: 200,
  errors: {
    400: "`limit` outside 1-100, a negative `offset`, or an unknown parameter (VALIDATION).",
    403: WEBHOOK_ENDPOINT_403,
    404: WEBHOOK_ENDPOINT_404,
  },
});

export const ZListEndpointDeliveriesRequest = z.strictObject({
  endpointId: ZEndpointPathId,
  limit: zQueryInteger({ min: 1, max: 100, default: 50, description: "Page size, 1-100; default 50." }),
  offset: zQueryInteger({ min: 0, default: 0, description: "How many to skip; default 0." }),
});
export type TListEndpointDeliveriesRequest = z.infer<typeof ZListEndpointDeliveriesRequest>;

export const ZListEndpointDeliveriesResponse = z
  .object({
    items: z.array(ZEndpointDelivery),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: "WebhookEndpointDeliveryList" });
export type TListEndpointDeliveriesResponse = z.infer<typeof ZListEndpointDeliveriesResponse>;

export const redeliverEndpointDeliveryMeta = routeMeta({
  surface: "v1",
  examples: {
    response: {
      succeeded: true,
      delivery: {
        id: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
        eventId: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
        eventType: "turn.completed",
        status: "SUCCEEDED",
        attemptCount: 1,
        nextAttemptAt: null,
        createdAt: "2026-03-14T09:30:00.000Z",
        succeededAt: "2026-03-14T09:30:01.000Z",
        attempts: [
          {
            number: 1,
            manual: true,
            startedAt: "2026-03-14T09:30:00.000Z",
            durationMs: 412,
            statusCode: 200,
            error: null,
          },
        ],
      },
    },
  },
  method: "POST",
  path: "/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver",
  summary: "Send a delivery again now",
  description:
    "One manual attempt now with the same event id and body, signed with the endpoint's current secret; answered when it is done. Success settles the delivery; a failure leaves a pending delivery's schedule as it was.",
  tags: TAGS,
  security: ["apiKey"],
  successStatus: 200,
  errors: { 403: WEBHOOK_ENDPOINT_403, 404: `${WEBHOOK_ENDPOINT_404} Also an unknown delivery of the endpoint.` },
});

export const ZRedeliverEndpointDeliveryRequest = z.strictObject({
  endpointId: ZEndpointPathId,
  deliveryId: z.string().meta({ description: "The delivery's id (UUID)." }),
});
export type TRedeliverEndpointDeliveryRequest = z.infer<typeof ZRedeliverEndpointDeliveryRequest>;

export const ZRedeliverEndpointDeliveryResponse = z
  .object({ succeeded: z.boolean(), delivery: ZEndpointDelivery })
  .meta({ id: "WebhookEndpointRedelivery" });
export type TRedeliverEndpointDeliveryResponse = z.infer<typeof ZRedeliverEndpointDeliveryResponse>;

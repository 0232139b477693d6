import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

/** Console (tRPC only): an organization's webhook deliveries, newest first, with their attempts. */
export const DELIVERIES_LIMIT_MAX = 200;

export const ZListWebhookDeliveriesRequest = z.strictObject({
  status: z.enum(["PENDING", "SUCCEEDED", "FAILED"]).optional(),
  /** A delivery id: the page of deliveries older than it. */
  before: ZUuid.optional(),
  limit: z.number().int().min(1).max(DELIVERIES_LIMIT_MAX).default(50),
});
export type TListWebhookDeliveriesRequest = z.input<typeof ZListWebhookDeliveriesRequest>;

export const ZWebhookAttemptView = z.object({
  number: z.number().int(),
  manual: z.boolean(),
  startedAt: z.string(),
  durationMs: z.number().int().nullable(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TWebhookAttemptView = z.infer<typeof ZWebhookAttemptView>;

export const ZWebhookDeliveryView = z.object({
  id: ZUuid,
  eventId: ZUuid,
  eventType: z.string(),
  workerRef: z.string().nullable(),
  url: z.string(),
  status: z.enum(["PENDING", "SUCCEEDED", "FAILED"]),
  attemptCount: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
  attempts: z.array(ZWebhookAttemptView),
});
export type TWebhookDeliveryView = z.infer<typeof ZWebhookDeliveryView>;

export const ZListWebhookDeliveriesResponse = z.object({
  items: z.array(ZWebhookDeliveryView),
  nextBefore: ZUuid.nullable(),
});
export type TListWebhookDeliveriesResponse = z.infer<typeof ZListWebhookDeliveriesResponse>;

export const ZRedeliverWebhookRequest = z.strictObject({ deliveryId: ZUuid });
export const ZRedeliverWebhookResponse = z.object({
  attempt: z.object({
    number: z.number().int(),
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number().int(),
    succeeded: z.boolean(),
  }),
  delivery: ZWebhookDeliveryView,
});
export type TRedeliverWebhookResponse = z.infer<typeof ZRedeliverWebhookResponse>;

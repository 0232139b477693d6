import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import { ZRedeliverEndpointDeliveryResponse } from "./delivery-routes";
import { WEBHOOK_ENDPOINT_403 } from "./endpoint";
import { ZWebhookEventType } from "./event-types";

const TAGS = ["Webhook endpoints"];
const SECURITY = ["apiKey"];

/** How long the event log keeps an event: listable, readable and resendable (docs/webhook-endpoints.md). */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;

const EVENT_404 = `Missing or invalid personal key, or no event with this id in the key owner's organization within the last ${WEBHOOK_EVENT_RETENTION_DAYS} days (NOT_FOUND).`;

/**
 * A completion event exactly as delivered: the stored body, parsed. The v1 document states it
 * by the hand-written `CompletionEvent` schema of the webhook (trpc/openapi-webhooks.ts), which
 * replaces this one's JSON Schema, so the webhook and the event log share one type. `data` keeps
 * keys this schema does not name (a later event's), so the answer is always the delivered body.
 */
export const ZCompletionEvent = z
  .object({
    id: ZUuid,
    type: ZWebhookEventType,
    createdAt: z.string(),
    data: z.looseObject({
      sessionId: z.string(),
      executionId: z.string(),
      automationId: z.string(),
      runId: z.string().optional(),
      triggerId: z.string().nullable().optional(),
      status: z.enum(["completed", "failed", "cancelled", "suspended"]),
      approvalId: z.string().optional(),
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
      usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }),
    }),
  })
  .meta({ id: "CompletionEvent" });
export type TCompletionEvent = z.infer<typeof ZCompletionEvent>;

/** One completion event as delivered: the document's webhook and the event log routes show it. */
export const EXAMPLE_COMPLETION_EVENT = {
  id: "9b2f0c1e-3f4a-4d5b-8c6d-7e8f9a0b1c2d",
  type: "turn.completed",
  createdAt: "2026-12-05T10:00:00.000Z",
  data: {
    sessionId: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
    executionId: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
    automationId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
    triggerId: null,
    status: "completed",
    error: null,
    usage: { inputTokens: 812, outputTokens: 164 },
  },
};

/** An event id from the path: unchecked text, a malformed one names nothing (404). */
const ZEventPathId = z.string().meta({ description: "The event's id (UUID): the `id` of its deliveries." });

const CURSOR_DESCRIPTION = (direction: string) =>
  `An event id (a \`nextCursor\` or the \`id\` of an event you received): answers the events ${direction}. Not with \`${direction.startsWith("older") ? "after" : "before"}\`.`;

export const listWebhookEventsMeta = routeMeta({
  surface: "v1",
  examples: { response: { items: [EXAMPLE_COMPLETION_EVENT], nextCursor: null } },
  method: "GET",
  path: "/webhook-events",
  summary: "List the organization's completion events",
  description: `The event log: every completion event recorded in the last ${WEBHOOK_EVENT_RETENTION_DAYS} days, exactly as delivered (same \`id\` and body). Newest first; \`before\` (an event id) pages back, newest first; \`after\` (an event id) answers the events recorded after it, oldest first, to catch up. Pass \`nextCursor\` in the same parameter for the next page; it is null on the last page. The order is (createdAt, id), so events of the same millisecond are neither repeated nor skipped. \`type\` keeps one event type. Events are recorded only while an enabled endpoint subscribes to their type. \`limit\` defaults to 50, at most 100.`,
  tags: TAGS,
  security: SECURITY,
  successStatus: 200,
  errors: {
    400: "`limit` outside 1-100, an unknown `type`, both `before` and `after`, a cursor that names no event of the organization within the log, or an unknown parameter (VALIDATION).",
    403: WEBHOOK_ENDPOINT_403,
    404: "Missing or invalid personal key (NOT_FOUND).",
  },
});

export const ZListWebhookEventsRequest = z.strictObject({
  type: ZWebhookEventType.optional().meta({ description: "Only events of this type." }),
  before: z
    .string()
    .optional()
    .meta({ description: CURSOR_DESCRIPTION("older than it, newest first") }),
  after: z
    .string()
    .optional()
    .meta({ description: CURSOR_DESCRIPTION("recorded after it, oldest first") }),
  limit: zQueryInteger({ min: 1, max: 100, default: 50, description: "Page size, 1-100; default 50." }),
});
export type TListWebhookEventsRequest = z.infer<typeof ZListWebhookEventsRequest>;

export const ZListWebhookEventsResponse = z
  .object({
    items: z.array(ZCompletionEvent),
    nextCursor: z.string().nullable().meta({
      description: "Pass in the same parameter (`before`, or `after`) for the next page; null on the last page.",
    }),
  })
  .meta({ id: "CompletionEventPage" });
export type TListWebhookEventsResponse = z.infer<typeof ZListWebhookEventsResponse>;

export const getWebhookEventMeta = routeMeta({
  surface: "v1",
  examples: { response: EXAMPLE_COMPLETION_EVENT },
  method: "GET",
  path: "/webhook-events/{eventId}",
  summary: "Get one completion event",
  description: "The event exactly as delivered (same `id` and body).",
  tags: TAGS,
  security: SECURITY,
  successStatus: 200,
  errors: { 403: WEBHOOK_ENDPOINT_403, 404: EVENT_404 },
});

export const ZWebhookEventPath = z.strictObject({ eventId: ZEventPathId });
export type TWebhookEventPath = z.infer<typeof ZWebhookEventPath>;

export const resendWebhookEventMeta = routeMeta({
  surface: "v1",
  idempotency: "optional",
  examples: {
    request: { endpointId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e" },
    response: {
      succeeded: true,
      delivery: {
        id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
        eventId: EXAMPLE_COMPLETION_EVENT.id,
        eventType: "turn.completed",
        status: "SUCCEEDED",
        attemptCount: 1,
        nextAttemptAt: null,
        createdAt: "2026-12-06T08:00:00.000Z",
        succeededAt: "2026-12-06T08:00:00.412Z",
        attempts: [
          {
            number: 1,
            manual: true,
            startedAt: "2026-12-06T08:00:00.000Z",
            durationMs: 412,
            statusCode: 200,
            error: null,
          },
        ],
      },
    },
  },
  method: "POST",
  path: "/webhook-events/{eventId}/resend",
  summary: "Send an event to an endpoint again",
  description:
    "One manual attempt now of the event to `endpointId` (an enabled endpoint of the organization subscribed to the event's type), with the same event id and body bytes, signed with the endpoint's current secret; answered when it is done. If the endpoint never had the event, a delivery is created for it, and when this attempt fails it continues on the usual retry schedule; otherwise it is the delivery's redeliver. Takes `Idempotency-Key`: a replay answers the first answer and sends nothing.",
  tags: TAGS,
  security: SECURITY,
  successStatus: 200,
  errors: {
    400: "A missing or malformed `endpointId`, or an unknown field (VALIDATION).",
    403: WEBHOOK_ENDPOINT_403,
    404: `${EVENT_404} Also an endpoint that is not the organization's.`,
    409: "The endpoint is disabled, or does not subscribe to the event's type (CONFLICT); or an `Idempotency-Key` reused with another body, or still in progress.",
  },
});

export const ZResendWebhookEventRequest = z.strictObject({
  eventId: ZEventPathId,
  endpointId: ZUuid.meta({ description: "The webhook endpoint to send the event to." }),
});
export type TResendWebhookEventRequest = z.infer<typeof ZResendWebhookEventRequest>;

export const ZResendWebhookEventResponse = ZRedeliverEndpointDeliveryResponse;
export type TResendWebhookEventResponse = z.infer<typeof ZResendWebhookEventResponse>;

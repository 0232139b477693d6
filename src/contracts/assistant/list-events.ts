import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import { ZPartnerPathId } from "@/contracts/partner/worker-mapping";
import { ASSISTANT_401, ASSISTANT_ORG_404 } from "./assistant-config";
import { ZAssistantEvent } from "./event-data";

export { ZAssistantEvent };

export const EVENTS_LIMIT_DEFAULT = 100;
export const EVENTS_LIMIT_MAX = 500;

export const listEventsMeta = routeMeta({
  examples: {
    response: {
      items: [
        {
          id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
          type: "message.created",
          occurred_at: "2026-03-14T09:30:02.000Z",
          worker_ref: "wrk_5f6a7b8c",
          data: {
            message_id: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
            session_id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
            created_at: "2026-03-14T09:30:02.000Z",
            outcome: "ok",
          },
        },
        {
          id: "8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e",
          type: "usage.recorded",
          occurred_at: "2026-03-14T09:30:02.000Z",
          worker_ref: "wrk_5f6a7b8c",
          data: {
            usage_id: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
            at: "2026-03-14T09:30:02.000Z",
            cost_usd: 0.0021,
            tokens: 976,
          },
        },
      ],
      next_cursor: null,
    },
  },
  surface: "partner-v1",
  method: "GET",
  path: "/organizations/{orgId}/events",
  summary: "Page a customer's assistant event log",
  description:
    "The events recorded after `since` (an event id), oldest first, exactly as they were delivered (same `id`). Omit `since` to start at the oldest; pass `next_cursor` as `since` for the next page; `next_cursor` is null on the last page (to poll later, pass the id of the last item you received). Only events recorded while a webhook URL was configured are in the log. An event that commits late is never skipped: the order is the order of a per-organization counter taken in the event's own transaction.",
  tags: ["Assistant"],
  security: ["partnerKey"],
  successStatus: 200,
  errors: {
    400: "Invalid query parameters, or `since` names no event of this customer (VALIDATION).",
    401: ASSISTANT_401,
    404: ASSISTANT_ORG_404,
  },
});

export const ZListEventsRequest = z.strictObject({
  orgId: ZPartnerPathId,
  since: z
    .string()
    .optional()
    .meta({ description: "An event id: answers the events recorded after it. Omitted: from the oldest." }),
  worker_ref: z.string().optional().meta({ description: "Only the events of this worker." }),
  limit: zQueryInteger({
    min: 1,
    max: EVENTS_LIMIT_MAX,
    default: EVENTS_LIMIT_DEFAULT,
    description: `Events per page, 1-${EVENTS_LIMIT_MAX} (default ${EVENTS_LIMIT_DEFAULT}).`,
  }),
});
export type TListEventsRequest = z.infer<typeof ZListEventsRequest>;

export const ZListEventsResponse = z
  .object({
    items: z.array(ZAssistantEvent),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `since` for the next page; null on the last page." }),
  })
  .meta({ id: "AssistantEventPage" });
export type TListEventsResponse = z.infer<typeof ZListEventsResponse>;

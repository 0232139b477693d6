import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import { ZPartnerPathId } from "@/contracts/partner/worker-mapping";
import { ASSISTANT_401, ASSISTANT_ORG_404 } from "./assistant-config";

export const EVENTS_LIMIT_DEFAULT = 100;
export const EVENTS_LIMIT_MAX = 500;

export const listEventsMeta = routeMeta({
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

export const ZAssistantEvent = z
  .object({
    id: z.string().meta({ description: "The event id, the same on every delivery of it." }),
    type: z.enum(["message.created", "approval.requested", "action.recorded", "usage.recorded", "connection.failed"]),
    occurred_at: z.string(),
    worker_ref: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "AssistantEvent" });

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

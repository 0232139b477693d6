import type { TAssistantEvent } from "@/contracts/assistant/event-data";
import { listEventsMeta, ZListEventsRequest, ZListEventsResponse } from "@/contracts/assistant/list-events";
import { listEvents as listEventsService } from "@/server/services/assistant/events/list-events";
import { partnerProcedure } from "@/server/trpc/procedures";

/** GET /api/partner/v1/organizations/{orgId}/events (ykp_): the cursor event log. */
export const listEvents = partnerProcedure
  .meta(listEventsMeta)
  .input(ZListEventsRequest)
  .output(ZListEventsResponse)
  .query(async ({ ctx, input }) => {
    const { items, nextCursor } = await listEventsService({
      platformId: ctx.actor.platformId,
      orgId: input.orgId,
      since: input.since,
      workerRef: input.worker_ref,
      limit: input.limit,
    });
    // The stored bodies are the delivered bytes; the output schema checks each against its type.
    return { items: items as TAssistantEvent[], next_cursor: nextCursor };
  });

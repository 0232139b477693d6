import {
  partnerV1Operations,
  type AssistantConfigListEventsInput,
  type AssistantWorkersListMessagesInput,
} from "./generated/partner-v1.operations.js";
import { v1Operations, type WebhookEventsListInput } from "./generated/v1.operations.js";
import { items, pages } from "./runtime/pagination.js";
import { Transport, type CallOptions, type ClientOptions } from "./runtime/transport.js";

/**
 * The customer API (`/api/v1`): sessions and their stream, triggers, authoring, MCP. Authenticate
 * with a personal key (`yk_...`) or a user token (`yku_...`).
 */
export function createCustomerClient(options: ClientOptions) {
  const transport = new Transport({ ...options, surfacePrefix: "/api/v1" });
  const operations = v1Operations(transport);
  const listEvents = operations.webhookEvents.list;
  // The event log pages back with `before` (newest first) or forward with `after` (oldest first).
  const eventPages = (input: WebhookEventsListInput, options?: CallOptions) =>
    pages(listEvents, input, input.after === undefined ? "before" : "after", options);
  return {
    ...operations,
    webhookEvents: {
      ...operations.webhookEvents,
      /** Every page of `GET /webhook-events`: from the newest back, or after `after` on; following `nextCursor`. */
      pages: (input: WebhookEventsListInput = {}, options?: CallOptions) => eventPages(input, options),
      /** Every event of the log, newest first (or oldest first after `after`), across pages. */
      items: (input: WebhookEventsListInput = {}, options?: CallOptions) => items(eventPages(input, options)),
    },
  };
}

/**
 * The partner API (`/api/partner/v1`): provisioning, leases, entitlements, assistant workers.
 * Authenticate with a partner key (`ykp_...`) or a leased token (`ykt_...`).
 * Pagers are named alike in both SDKs: `pages` yields each page, `items` each item across pages.
 */
export function createPartnerClient(options: ClientOptions) {
  const transport = new Transport({ ...options, surfacePrefix: "/api/partner/v1" });
  const operations = partnerV1Operations(transport);
  const listEvents = operations.events.list;
  const listMessages = operations.messages.list;
  return {
    ...operations,
    events: {
      ...operations.events,
      /** Every page of `GET /organizations/{orgId}/events` from `since` (or the oldest) on, following `next_cursor`. */
      pages: (input: AssistantConfigListEventsInput, options?: CallOptions) =>
        pages(listEvents, input, "since", options),
      /** Every event from `since` (or the oldest) on, oldest first, across pages. */
      items: (input: AssistantConfigListEventsInput, options?: CallOptions) =>
        items(pages(listEvents, input, "since", options)),
    },
    messages: {
      ...operations.messages,
      /** Pages of a worker's conversation from the newest back (`before` = `next_cursor`); each page is oldest first. */
      pages: (input: AssistantWorkersListMessagesInput, options?: CallOptions) =>
        pages(listMessages, input, "before", options),
      /** Every message from the newest back, newest first (across pages). */
      items: (input: AssistantWorkersListMessagesInput, options?: CallOptions) =>
        items(pages(listMessages, input, "before", options), "newestFirst"),
    },
  };
}

export type CustomerClient = ReturnType<typeof createCustomerClient>;
export type PartnerClient = ReturnType<typeof createPartnerClient>;

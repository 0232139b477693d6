import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZWebhookEventType } from "./event-types";

export const WEBHOOK_ENDPOINT_404 =
  "Missing or invalid personal key, or no webhook endpoint with this id in the key owner's organization (NOT_FOUND).";
export const WEBHOOK_ENDPOINT_403 =
  "Only the organization's Owners and Admins manage webhook endpoints; the key owner is neither (FORBIDDEN).";

/** An endpoint id from the path: unchecked text, a malformed one names nothing (404). */
export const ZEndpointPathId = z.string().meta({ description: "The webhook endpoint's id (UUID)." });

export const ZWebhookEndpointUrl = z
  .url({ protocol: /^https?$/, message: "must be an http or https URL" })
  .max(2048, "must be at most 2048 characters")
  .meta({
    description:
      "Where events are POSTed. https (plain http only to hosts the operator allowed for development); must resolve to a public address.",
  });

export const ZWebhookEventTypes = z
  .array(ZWebhookEventType)
  .min(1, "must name at least one event type")
  .max(16, "must be at most 16 event types")
  .meta({ description: "The event types the endpoint receives." });

export const ZWebhookEndpointDescription = z
  .string()
  .trim()
  .max(500, "must be at most 500 characters")
  .meta({ description: "What the endpoint is for (shown in the console)." });

export const ZWebhookEndpoint = z
  .object({
    id: ZUuid,
    url: z.string(),
    eventTypes: z.array(ZWebhookEventType),
    description: z.string().nullable(),
    enabled: z.boolean(),
    secretHint: z.string().meta({
      description:
        "The last 4 characters of the signing secret after an ellipsis; the secret itself is never returned.",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The create (and rotate) answer: the endpoint and its signing secret, shown this once. */
export const ZWebhookEndpointWithSecret = z
  .object({
    endpoint: ZWebhookEndpoint,
    secret: z.string().nullable().meta({
      description:
        "The signing secret (`whsec_…`), shown only in this answer; null in an Idempotency-Key replay (the secret is never stored in clear; rotate it if it was lost).",
    }),
  })
  .meta({ id: "WebhookEndpointWithSecret" });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

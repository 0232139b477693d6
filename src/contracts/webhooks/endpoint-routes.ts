import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import {
  WEBHOOK_ENDPOINT_403,
  WEBHOOK_ENDPOINT_404,
  ZEndpointPathId,
  ZWebhookEndpoint,
  ZWebhookEndpointDescription,
  ZWebhookEndpointUrl,
  ZWebhookEndpointWithSecret,
  ZWebhookEventTypes,
} from "./endpoint";

const TAGS = ["Webhook endpoints"];
const SECURITY = ["apiKey"];
const KEY_404 = "Missing or invalid personal key (NOT_FOUND).";

export const createWebhookEndpointMeta = routeMeta({
  idempotency: "optional",
  surface: "v1",
  examples: {
    request: {
      url: "https://acme.example/hooks/agents",
      eventTypes: ["turn.completed"],
      description: "Sorts incoming support tickets by urgency.",
    },
    response: {
      endpoint: {
        id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
        url: "https://acme.example/hooks/agents",
        eventTypes: ["turn.completed"],
        description: "Sorts incoming support tickets by urgency.",
        enabled: true,
        secretHint: "…f3a",
        createdAt: "2026-03-14T09:30:00.000Z",
        updatedAt: "2026-03-14T09:30:00.000Z",
      },
      secret: "whsec_4f8a2b9c1d7e6f3a",
    },
  },
  method: "POST",
  path: "/webhook-endpoints",
  summary: "Register a webhook endpoint",
  description:
    "Registers where the organization hears of settled work (`turn.completed`, `turn.failed`, `turn.suspended`, `run.completed`, `run.failed`). Answers the endpoint with its signing secret, shown only here: every delivery is signed with it (`X-Service-Timestamp`, `X-Service-Signature`).",
  tags: TAGS,
  security: SECURITY,
  successStatus: 201,
  errors: {
    400: "Unknown or invalid fields, an unknown event type, or a URL that is not https or does not resolve to a public address (VALIDATION).",
    403: WEBHOOK_ENDPOINT_403,
    404: KEY_404,
  },
});

export const ZCreateWebhookEndpointRequest = z.strictObject({
  url: ZWebhookEndpointUrl,
  eventTypes: ZWebhookEventTypes,
  description: ZWebhookEndpointDescription.optional(),
  enabled: z.boolean().optional().meta({ description: "Whether events are recorded for it; default true." }),
});
export type TCreateWebhookEndpointRequest = z.infer<typeof ZCreateWebhookEndpointRequest>;
export const ZCreateWebhookEndpointResponse = ZWebhookEndpointWithSecret;

export const WEBHOOK_ENDPOINTS_PAGE_MAX = 100;

export const listWebhookEndpointsMeta = routeMeta({
  surface: "v1",
  examples: {
    response: {
      items: [
        {
          id: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
          url: "https://acme.example/hooks/agents",
          eventTypes: ["turn.completed"],
          description: "Sorts incoming support tickets by urgency.",
          enabled: true,
          secretHint: "…f3a",
          createdAt: "2026-03-14T09:30:00.000Z",
          updatedAt: "2026-03-14T09:30:00.000Z",
        },
      ],
      total: 1,
      limit: 1,
      offset: 0,
    },
  },
  method: "GET",
  path: "/webhook-endpoints",
  summary: "List the organization's webhook endpoints",
  description:
    "Newest first. `limit` defaults to 50, at most 100; `offset` skips that many; `total` counts them all. Secrets are never returned.",
  tags: TAGS,
  security: SECURITY,
  successStatus: 200,
  errors: {
    400: "`limit` outside 1-100, a negative `offset`, or an unknown parameter (VALIDATION).",
    403: WEBHOOK_ENDPOINT_403,
    404: KEY_404,
  },
});

export const ZListWebhookEndpointsRequest = z.strictObject({
  limit: zQueryInteger({
    min: 1,
    max: WEBHOOK_ENDPOINTS_PAGE_MAX,
    default: 50,
    description: "Page size, 1-100; default 50.",
  }),
  offset: zQueryInteger({ min: 0, default: 0, description: "How many to skip; default 0." }),
});
export type TListWebhookEndpointsRequest = z.infer<typeof ZListWebhookEndpointsRequest>;

export const ZListWebhookEndpointsResponse = z
  .object({
    items: z.array(ZWebhookEndpoint),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: "WebhookEndpointList" });
export type TListWebhookEndpointsResponse = z.infer<typeof ZListWebhookEndpointsResponse>;

export const getWebhookEndpointMeta = routeMeta({
  surface: "v1",
  examples: {
    response: {
      id: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
      url: "https://acme.example/hooks/agents",
      eventTypes: ["turn.completed"],
      description: "Sorts incoming support tickets by urgency.",
      enabled: true,
      secretHint: "…f3a",
      createdAt: "2026-03-14T09:30:00.000Z",
      updatedAt: "2026-03-14T09:30:00.000Z",
    },
  },
  method: "GET",
  path: "/webhook-endpoints/{endpointId}",
  summary: "Read a webhook endpoint",
  description: "The endpoint without its secret (only `secretHint`).",
  tags: TAGS,
  security: SECURITY,
  successStatus: 200,
  errors: { 403: WEBHOOK_ENDPOINT_403, 404: WEBHOOK_ENDPOINT_404 },
});

export const ZWebhookEndpointPath = z.strictObject({ endpointId: ZEndpointPathId });
export type TWebhookEndpointPath = z.infer<typeof ZWebhookEndpointPath>;

export const updateWebhookEndpointMeta = routeMeta({
  surface: "v1",
  examples: {
    request: { url: "https://acme.example/hooks/agents", eventTypes: ["turn.completed"] },
    response: {
      id: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
      url: "https://acme.example/hooks/agents",
      eventTypes: ["turn.completed"],
      description: "Sorts incoming support tickets by urgency.",
      enabled: true,
      secretHint: "…f3a",
      createdAt: "2026-03-14T09:30:00.000Z",
      updatedAt: "2026-03-14T09:30:00.000Z",
    },
  },
  method: "PATCH",
  path: "/webhook-endpoints/{endpointId}",
  summary: "Change a webhook endpoint",
  description:
    "Changes the given fields (`url`, `eventTypes`, `description`, `enabled`); omitted fields keep their value, `description: null` clears it. Deliveries already recorded keep the URL they were recorded with.",
  tags: TAGS,
  security: SECURITY,
  successStatus: 200,
  errors: {
    400: "Unknown or invalid fields, an unknown event type, or a URL that is not https or does not resolve to a public address (VALIDATION).",
    403: WEBHOOK_ENDPOINT_403,
    404: WEBHOOK_ENDPOINT_404,
  },
});

export const ZUpdateWebhookEndpointRequest = z.strictObject({
  endpointId: ZEndpointPathId,
  url: ZWebhookEndpointUrl.optional(),
  eventTypes: ZWebhookEventTypes.optional(),
  description: ZWebhookEndpointDescription.nullable().optional(),
  enabled: z.boolean().optional().meta({ description: "false stops recording events for it." }),
});
export type TUpdateWebhookEndpointRequest = z.infer<typeof ZUpdateWebhookEndpointRequest>;

export const deleteWebhookEndpointMeta = routeMeta({
  surface: "v1",
  method: "DELETE",
  path: "/webhook-endpoints/{endpointId}",
  summary: "Delete a webhook endpoint",
  description: "Deletes the endpoint with its deliveries and their attempts; nothing more is sent to it.",
  tags: TAGS,
  security: SECURITY,
  successStatus: 204,
  errors: { 403: WEBHOOK_ENDPOINT_403, 404: WEBHOOK_ENDPOINT_404 },
});

export const rotateWebhookEndpointSecretMeta = routeMeta({
  surface: "v1",
  examples: {
    response: {
      endpoint: {
        id: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
        url: "https://acme.example/hooks/agents",
        eventTypes: ["turn.completed"],
        description: "Sorts incoming support tickets by urgency.",
        enabled: true,
        secretHint: "…f3a",
        createdAt: "2026-03-14T09:30:00.000Z",
        updatedAt: "2026-03-14T09:30:00.000Z",
      },
      secret: "whsec_4f8a2b9c1d7e6f3a",
    },
  },
  method: "POST",
  path: "/webhook-endpoints/{endpointId}/rotate-secret",
  summary: "Replace a webhook endpoint's signing secret",
  description:
    "Generates a new signing secret and answers it, shown only here. Every attempt from now on, including retries of deliveries recorded earlier, is signed with the new secret.",
  tags: TAGS,
  security: SECURITY,
  successStatus: 200,
  errors: { 403: WEBHOOK_ENDPOINT_403, 404: WEBHOOK_ENDPOINT_404 },
});

import type { OpenAPIObject } from "trpc-to-openapi";
import { EXAMPLE_COMPLETION_EVENT } from "@/contracts/webhooks/event-routes";
import { WEBHOOK_EVENT_TYPES } from "@/contracts/webhooks/event-types";

type TWebhookDocument = OpenAPIObject & { webhooks?: Record<string, unknown> };

const RETRIES = "0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h";

/** The two headers every delivery is signed with (spec 6.2), keyed with `secretName`. */
function signatureHeaders(secretName: string) {
  const signed = (name: string, description: string, example: string) => ({
    name,
    in: "header" as const,
    required: true,
    description,
    schema: { type: "string" as const },
    example,
  });
  return [
    signed("X-Service-Timestamp", "Unix seconds when this attempt was signed.", "1767225600"),
    signed(
      "X-Service-Signature",
      `\`sha256=\` and the hex HMAC-SHA256 of \`<X-Service-Timestamp>.<raw body>\`, keyed with ${secretName}.`,
      "sha256=5d41402abc4b2a76b9719d911017c592a4e9a1b7f2c1c0a3e8a9b4f0d6c2e1a0",
    ),
  ];
}

/** A signed POST to a receiver: any 2xx acknowledges it, anything else is retried. */
function signedDelivery(operation: {
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  secretName: string;
  schema: string;
}) {
  return {
    post: {
      operationId: operation.operationId,
      summary: operation.summary,
      description: `${operation.description} Verify \`X-Service-Signature\` over the raw body before parsing; answer any 2xx within 15 s, or the delivery is retried (${RETRIES}). A receiver should accept event types it does not know yet with a 2xx.`,
      tags: [operation.tag],
      // Signed with the webhook secret (the two headers), not by a credential of this API.
      security: [],
      parameters: signatureHeaders(operation.secretName),
      requestBody: {
        required: true,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${operation.schema}` } } },
      },
      responses: {
        "200": { description: "Any 2xx acknowledges the delivery." },
        "401": { description: "The signature or timestamp did not verify: the delivery is retried." },
      },
    },
  };
}

/** OpenAPI 3.1 `webhooks`: what the service POSTs to a customer's assistant webhook (spec 6.2). */
export function addAssistantWebhook(document: OpenAPIObject): void {
  (document as TWebhookDocument).webhooks = {
    assistantEvent: signedDelivery({
      operationId: "assistantEvent",
      summary: "An assistant event, delivered to the customer's webhook",
      description:
        "Sent to the `webhook.url` of PUT /organizations/{orgId}/assistant-config for every event of GET /organizations/{orgId}/events, at least once: deduplicate by `id`.",
      tag: "Assistant workers",
      secretName: "the webhook secret",
      schema: "AssistantEvent",
    }),
  };
}

const ZERO_OR_MORE = { type: "integer", minimum: 0 } as const;

/** The completion event's body (services/webhook-endpoints/announce-turn.ts writes it). */
const COMPLETION_EVENT_SCHEMA = {
  type: "object",
  description:
    "A session's turn or a trigger's flow run settled, or a turn now waits for an approval (docs/webhook-endpoints.md). Ids, status, error and token usage only: never messages, tool arguments or credentials; read the session for those.",
  required: ["id", "type", "createdAt", "data"],
  properties: {
    id: {
      type: "string",
      format: "uuid",
      description: "The event's id: the same on every attempt; deduplicate by it.",
    },
    type: { type: "string", enum: [...WEBHOOK_EVENT_TYPES] },
    createdAt: { type: "string", format: "date-time" },
    data: {
      type: "object",
      required: ["sessionId", "executionId", "automationId", "status", "error", "usage"],
      properties: {
        sessionId: { type: "string", format: "uuid" },
        executionId: { type: "string", format: "uuid", description: "The turn (as the session routes name it)." },
        automationId: { type: "string", format: "uuid" },
        runId: { type: "string", format: "uuid", description: "`run.*` only: the flow run a trigger started." },
        triggerId: {
          type: ["string", "null"],
          format: "uuid",
          description:
            "The trigger whose firing started the session (an agent's or a flow run's); null for work no trigger started.",
        },
        status: { type: "string", enum: ["completed", "failed", "cancelled", "suspended"] },
        approvalId: { type: "string", description: "`turn.suspended` only: the approval the turn waits for." },
        error: {
          type: ["object", "null"],
          required: ["code", "message"],
          properties: { code: { type: "string" }, message: { type: "string" } },
          description: "`turn.failed` and `run.failed`: the error code of section 7 and its message; null otherwise.",
        },
        usage: {
          type: "object",
          required: ["inputTokens", "outputTokens"],
          properties: { inputTokens: ZERO_OR_MORE, outputTokens: ZERO_OR_MORE },
        },
      },
    },
  },
  example: EXAMPLE_COMPLETION_EVENT,
};

/**
 * OpenAPI 3.1 `webhooks`: the completion events POSTed to a customer's webhook endpoints. The
 * event log's answers (GET /webhook-events) name the same `CompletionEvent` component (their Zod
 * schema in contracts/webhooks/event-routes.ts carries the id): this schema states it for both.
 */
export function addCompletionWebhook(document: OpenAPIObject): void {
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, CompletionEvent: COMPLETION_EVENT_SCHEMA as never },
  };
  (document as TWebhookDocument).webhooks = {
    completionEvent: signedDelivery({
      operationId: "completionEvent",
      summary: "A completion event, delivered to a webhook endpoint",
      description:
        "Sent to every enabled endpoint of POST /webhook-endpoints that subscribed to its type, at least once: deduplicate by `id`.",
      tag: "Webhook endpoints",
      secretName: "the endpoint's signing secret (`whsec_...`)",
      schema: "CompletionEvent",
    }),
  };
}

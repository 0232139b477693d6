import type { OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { ZIngressEvent, ZIngressResponse } from "@/contracts/triggers/ingress";

const ENVELOPE = { $ref: "#/components/schemas/ErrorEnvelope" };
const refusal = (description: string) => ({ description, content: { "application/json": { schema: ENVELOPE } } });
const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  return rest;
};

const DESCRIPTION = [
  "The URL a source system calls to deliver one event to an event trigger (`service.http`'s `webhook.received`). It takes no Authorization header: the unguessable token in the path is the address, and a trigger with an endpoint secret accepts only signed calls.",
  "Signing (the scheme of the assistant webhooks): `X-Service-Timestamp` = the Unix time in seconds, `X-Service-Signature` = `sha256=` followed by the hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the endpoint secret. The timestamp must be within 300 seconds of the server clock.",
  "An event that passes the trigger's `eventFilter` starts every subscriber (no caller exists, so subscribers that require caller credentials are refused with `CALLER_CREDENTIALS_REQUIRED` in run history); one that does not is answered with `matched: false` and nothing is recorded.",
  "Redeliveries: the same `Idempotency-Key` header within 24 hours, or the same signed request (timestamp and body) within 10 minutes, get the first answer again with `Idempotency-Replayed: true` and start nothing.",
].join("\n\n");

/** The ingress is a plain route handler (it must read the raw body to check the signature), described by hand. */
export function addIngressOperation(document: OpenAPIObject): void {
  document.paths ??= {};
  document.paths["/triggers/ingress/{token}"] = {
    post: {
      operationId: "triggers-ingress",
      summary: "Deliver an event to an event trigger",
      description: DESCRIPTION,
      tags: ["Triggers"],
      security: [],
      parameters: [
        {
          name: "token",
          in: "path",
          required: true,
          description: "The token of the trigger's `ingressUrl`.",
          schema: { type: "string" },
        },
        {
          name: "X-Service-Timestamp",
          in: "header",
          required: false,
          description: "Unix seconds; required when the trigger has an endpoint secret.",
          schema: { type: "string" },
        },
        {
          name: "X-Service-Signature",
          in: "header",
          required: false,
          description: "`sha256=<hex>`; required when the trigger has an endpoint secret.",
          schema: { type: "string" },
        },
        {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description: "The sender's delivery id, 1-128 characters from letters, digits, `.`, `_`, `:`, `-`.",
          schema: { type: "string" },
        },
      ],
      requestBody: { required: true, content: { "application/json": { schema: jsonSchema(ZIngressEvent) } } },
      responses: {
        "202": {
          description: "Accepted: the firing started, or the filter did not match.",
          content: { "application/json": { schema: jsonSchema(ZIngressResponse) } },
        },
        "400": refusal(
          "The body is not JSON or does not match `{ actor?, occurredAt?, payload }` (VALIDATION); a malformed Idempotency-Key.",
        ),
        "401": refusal(
          "The trigger has an endpoint secret and the call is unsigned, its signature does not match, or its timestamp is outside 300 seconds (UNAUTHORIZED).",
        ),
        "403": refusal("Event triggers are not enabled for the organization (FORBIDDEN)."),
        "404": refusal("No event trigger has this token (NOT_FOUND)."),
        "405": refusal("Only POST is supported (METHOD_NOT_ALLOWED)."),
        "409": refusal(
          "The trigger is inactive (CONFLICT); the Idempotency-Key was used with a different body (IDEMPOTENCY_KEY_REUSED) or its first delivery is still running (IDEMPOTENCY_IN_PROGRESS, `Retry-After: 2`).",
        ),
        "413": refusal("The body exceeds 1 MiB (PAYLOAD_TOO_LARGE)."),
        "500": refusal("Unexpected failure (INTERNAL); retry the delivery."),
      },
    },
  } as never;
}

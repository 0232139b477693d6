import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN } from "@/contracts/common/patterns";
import { ZCallerCredentials } from "@/contracts/common/caller-credentials";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";

export const fireTriggerMeta = routeMeta({
  examples: {
    request: { triggerId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e", input: { prompt: "A new order arrived: #4711." } },
    response: {
      sessions: [
        { automationId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b", sessionId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e" },
      ],
    },
  },
  idempotency: "optional",
  surface: "v1",
  method: "POST",
  path: "/triggers/fire",
  summary: "Fire an API trigger",
  description:
    "Fans one event out to every agent and flow subscribed to an active API trigger; one session per started subscriber. 202 means accepted, not completed. The body is non-strict: unknown fields are stripped (`callerCredentials` itself stays strict). `input` is delivered verbatim to flows; agents receive `input.prompt` when it is a string, otherwise the input rendered as text. `callerCredentials` are narrowed per subscriber to the integrations it binds at caller identity; a subscriber that requires caller material not supplied is refused with `CALLER_CREDENTIALS_REQUIRED` (see run history) while the others start. A flow subscriber whose declared inputs (its published input schema) `input` does not match is refused with `FLOW_INPUT_INVALID` (the message names the field) and no run of it starts, while the others start. Idempotency: `Idempotency-Key` header or body `idempotencyKey` (the header wins), scoped to the key owner's organization for 24 hours; a replay answers 202 with the original body and `Idempotency-Replayed: true`.",
  tags: ["Triggers"],
  security: ["apiKey"],
  successStatus: 202,
  errors: {
    400: "Invalid fields, an idempotency key of the wrong format, a repeated or comma-separated Idempotency-Key header, callerCredentialExpiresAt in the past, or a trigger that is not an API trigger (VALIDATION).",
    403: "The key owner's role in the trigger's domain does not allow running automations (FORBIDDEN).",
    404: "Missing or invalid personal key; no trigger with this id that the key owner can see (NOT_FOUND).",
    409: "The trigger is inactive (CONFLICT); the key was used with a different request (IDEMPOTENCY_KEY_REUSED); the original request is still being recorded, retry after `Retry-After` seconds (IDEMPOTENCY_IN_PROGRESS).",
  },
});

/** Non-strict by spec 4.5: unrelated unknown fields are stripped, not refused. */
export const ZFireTriggerRequest = z.object({
  triggerId: ZUuid.meta({ description: "An active API trigger in a domain where the key owner can run automations." }),
  input: z.record(z.string(), z.unknown()).default({}).meta({
    description:
      "Delivered verbatim to each flow, which refuses it (`FLOW_INPUT_INVALID` in run history) unless it matches the flow's declared inputs; agents receive `input.prompt` or the input as text. Default `{}`.",
  }),
  callerCredentials: ZCallerCredentials.optional(),
  callerCredentialExpiresAt: ZIsoDateTime.optional().meta({
    description: "ISO-8601 expiry of the supplied material; must be in the future.",
  }),
  // Checked by hand (src/server/idempotency/idempotency-key.ts): the pattern is documented here.
  idempotencyKey: z.string().optional().meta({
    minLength: 1,
    maxLength: 128,
    pattern: IDEMPOTENCY_KEY_PATTERN.source,
    description:
      "1-128 characters from letters, digits, `.`, `_`, `:`, `-`. The `Idempotency-Key` header wins when both are sent.",
  }),
});
export type TFireTriggerRequest = z.output<typeof ZFireTriggerRequest>;

export const ZFireTriggerResponse = z
  .object({
    sessions: z.array(z.object({ automationId: z.uuid(), sessionId: z.uuid() })).meta({
      description:
        "One entry per agent or flow that started; `[]` when there are no subscribers or every start was refused.",
    }),
  })
  .meta({ id: "FireResponse" });
export type TFireTriggerResponse = z.infer<typeof ZFireTriggerResponse>;

type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
};

const EXAMPLE_DEPTH = 4;

function exampleValue(name: string, schema: TJsonSchema | undefined, depth: number): unknown {
  if (!schema || typeof schema !== "object") return "example";
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((one) => one !== "null") : schema.type;
  switch (type ?? (schema.properties ? "object" : undefined)) {
    case "integer":
    case "number": {
      const floor = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return type === "integer" ? Math.ceil(floor) : floor;
    }
    case "boolean":
      return true;
    case "null":
      return null;
    case "array":
      return depth < EXAMPLE_DEPTH ? [exampleValue(name, schema.items, depth + 1)] : [];
    case "object":
      return depth < EXAMPLE_DEPTH ? exampleObject(schema, depth + 1) : {};
    case "string": {
      const text =
        schema.format === "email"
          ? "someone@example.com"
          : schema.format === "uri" || schema.format === "url"
            ? "https://example.com"
            : schema.format === "date-time"
              ? "2026-01-01T09:00:00Z"
              : schema.format === "date"
                ? "2026-01-01"
                : schema.format === "uuid"
                  ? "00000000-0000-4000-8000-000000000000"
                  : `example ${name}`;
      return text.padEnd(schema.minLength ?? 0, "x");
    }
    default:
      return `example ${name}`;
  }
}

function exampleObject(schema: TJsonSchema, depth: number): Record<string, unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  // Required inputs first, then the optional ones, each in declaration order.
  const names = [
    ...Object.keys(properties).filter((name) => required.has(name)),
    ...Object.keys(properties).filter((name) => !required.has(name)),
    ...[...required].filter((name) => !(name in properties)),
  ];
  return Object.fromEntries(names.map((name) => [name, exampleValue(name, properties[name], depth)]));
}

/**
 * An `input` for a flow, built from its declared inputs (the revision's input schema): every
 * declared field with an example of its type (its `default`, `examples[0]` or first `enum`
 * value when the schema has one). What the console's ready call sends, and what a refusal for
 * a mismatched input suggests, so a copied call starts the flow instead of failing in the run.
 */
export function exampleFlowInput(inputSchema: unknown): Record<string, unknown> {
  if (!inputSchema || typeof inputSchema !== "object") return {};
  return exampleObject(inputSchema as TJsonSchema, 0);
}

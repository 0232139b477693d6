import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { ENDPOINT_SECRET_MAX, ENDPOINT_SECRET_MIN, ZEventFilter, ZTrigger, ZTriggerName } from "./trigger";

export const createTriggerMeta = routeMeta({
  surface: "v1",
  method: "POST",
  path: "/triggers",
  summary: "Create a domain trigger",
  description:
    "Browser session cookie only (an organization must be selected); personal API keys are refused. Creates a `schedule`, `api` or `event` trigger in a domain where the caller may edit automations. Event triggers are validated against the integration catalog (adapter, event type, filter field), the organization's rollout of event triggers and the connection, and get an ingress URL. Agents and flows subscribe in the console.",
  tags: ["Triggers"],
  security: ["sessionCookie"],
  successStatus: 201,
  errors: {
    400: "Invalid or unknown fields, a cron expression or time zone that does not parse, an event the integration does not declare, a filter on an undeclared field, or a connection of another domain or integration (VALIDATION).",
    401: "The service_session cookie is missing or invalid, no organization is selected, or an Authorization header was sent (UNAUTHORIZED).",
    403: "The caller's role in the domain does not allow editing automations, or event triggers are not enabled for the organization (FORBIDDEN).",
    404: "The domain, integration or connection is unknown or belongs to another organization (NOT_FOUND).",
  },
});

const COMMON = { domainId: ZUuid.meta({ description: "The domain the trigger belongs to." }), name: ZTriggerName };

export const ZCreateTriggerRequest = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("schedule"),
    ...COMMON,
    cron: z.string().trim().min(1, "must not be blank").max(200, "must be at most 200 characters").meta({ description: "5-field cron expression, e.g. `*/15 * * * *`." }),
    timezone: z.string().trim().min(1, "must not be blank").max(64, "must be at most 64 characters").optional().meta({ description: "IANA time zone, default `UTC`." }),
    input: z.record(z.string(), z.unknown()).optional().meta({ description: "The input each firing delivers; default `{}`." }),
  }),
  z.strictObject({ type: z.literal("api"), ...COMMON }),
  z.strictObject({
    type: z.literal("event"),
    ...COMMON,
    sourceIntegrationId: z.string().min(1, "must not be blank").max(64, "must be at most 64 characters"),
    connectionId: ZUuid.meta({ description: "A connection of the same domain to the source integration." }),
    eventType: z.string().min(1, "must not be blank").max(200, "must be at most 200 characters").meta({ description: "Adapter-native event type, e.g. `webhook.received`." }),
    endpointSecret: z
      .string()
      .min(ENDPOINT_SECRET_MIN, `must be at least ${ENDPOINT_SECRET_MIN} characters`)
      .max(ENDPOINT_SECRET_MAX, `must be at most ${ENDPOINT_SECRET_MAX} characters`)
      .regex(/^[^\r\n]*$/, "must not contain a newline")
      .optional()
      .meta({ description: "HMAC secret that signs ingress calls. Write-only: never returned." }),
    eventFilter: ZEventFilter.optional(),
  }),
]);
export type TCreateTriggerRequest = z.infer<typeof ZCreateTriggerRequest>;

export const ZCreateTriggerResponse = z.object({ trigger: ZTrigger });
export type TCreateTriggerResponse = z.infer<typeof ZCreateTriggerResponse>;

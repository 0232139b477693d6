import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { ENDPOINT_SECRET_MAX, ENDPOINT_SECRET_MIN, ZEventFilter, ZTrigger, ZTriggerName } from "./trigger";

const COMMON = { domainId: ZUuid.meta({ description: "The domain the trigger belongs to." }), name: ZTriggerName };

const SCHEDULE = {
  cron: z
    .string()
    .trim()
    .min(1, "must not be blank")
    .max(200, "must be at most 200 characters")
    .meta({ description: "schedule: 5-field cron expression, e.g. `*/15 * * * *`." }),
  timezone: z
    .string()
    .trim()
    .min(1, "must not be blank")
    .max(64, "must be at most 64 characters")
    .meta({ description: "schedule: IANA time zone, default `UTC`." }),
  input: z
    .record(z.string(), z.unknown())
    .meta({ description: "schedule: the input each firing delivers; default `{}`." }),
};

const EVENT = {
  sourceIntegrationId: z
    .string()
    .min(1, "must not be blank")
    .max(64, "must be at most 64 characters")
    .meta({ description: "event: the integration whose adapter delivers the event." }),
  connectionId: ZUuid.meta({ description: "event: a connection of the same domain to the source integration." }),
  eventType: z
    .string()
    .min(1, "must not be blank")
    .max(200, "must be at most 200 characters")
    .meta({ description: "event: adapter-native event type, e.g. `webhook.received`." }),
  endpointSecret: z
    .string()
    .min(ENDPOINT_SECRET_MIN, `must be at least ${ENDPOINT_SECRET_MIN} characters`)
    .max(ENDPOINT_SECRET_MAX, `must be at most ${ENDPOINT_SECRET_MAX} characters`)
    .regex(/^[^\r\n]*$/, "must not contain a newline")
    .meta({ description: "event: HMAC secret that signs ingress calls. Write-only: never returned." }),
  eventFilter: ZEventFilter,
};

/**
 * The union of section 4.5, each member strict: a field of another type is an unknown key. The
 * document states the body as this union (`documentedBody`): `oneOf` on `type`.
 */
const ZCreateTriggerUnion = z
  .discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("schedule"),
      ...COMMON,
      cron: SCHEDULE.cron,
      timezone: SCHEDULE.timezone.optional(),
      input: SCHEDULE.input.optional(),
    }),
    z.strictObject({ type: z.literal("api"), ...COMMON }),
    z.strictObject({
      type: z.literal("event"),
      ...COMMON,
      sourceIntegrationId: EVENT.sourceIntegrationId,
      connectionId: EVENT.connectionId,
      eventType: EVENT.eventType,
      endpointSecret: EVENT.endpointSecret.optional(),
      eventFilter: EVENT.eventFilter.optional(),
    }),
  ])
  .meta({ id: "CreateTriggerRequest" });

export const createTriggerMeta = routeMeta({
  idempotency: "optional",
  documentedBody: ZCreateTriggerUnion,
  examples: {
    request: {
      type: "schedule",
      domainId: "6f1c2a4e-8b3d-4f5a-9c7e-2d1b0a9f8e7d",
      name: "Nightly digest",
      cron: "0 6 * * 1-5",
      timezone: "Europe/Berlin",
    },
    response: {
      trigger: {
        id: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
        domainId: "6f1c2a4e-8b3d-4f5a-9c7e-2d1b0a9f8e7d",
        name: "Nightly digest",
        active: true,
        createdAt: "2026-01-05T09:00:00.000Z",
        type: "schedule",
        cron: "0 6 * * 1-5",
        timezone: "Europe/Berlin",
        input: {},
        nextFireAt: "2026-01-06T05:00:00.000Z",
      },
    },
  },
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

/**
 * The OpenAPI generator needs one object as a route's input, so the wire body is every field of
 * the union (type-specific ones optional, documented per type) and is then parsed by the union
 * itself: what a type does not take is refused exactly as a strict body refuses an unknown key.
 */
export const ZCreateTriggerRequest = z
  .strictObject({
    type: z
      .enum(["schedule", "api", "event"])
      .meta({ description: "Which kind of trigger; decides which other fields apply." }),
    ...COMMON,
    ...(Object.fromEntries(
      Object.entries({ ...SCHEDULE, ...EVENT }).map(([key, schema]) => [key, schema.optional()]),
    ) as {
      [K in keyof typeof SCHEDULE | keyof typeof EVENT]: z.ZodOptional<(typeof SCHEDULE & typeof EVENT)[K]>;
    }),
  })
  .transform((body, ctx) => {
    const parsed = ZCreateTriggerUnion.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
    return z.NEVER;
  });
export type TCreateTriggerRequest = z.output<typeof ZCreateTriggerRequest>;

export const ZCreateTriggerResponse = z.object({ trigger: ZTrigger });
export type TCreateTriggerResponse = z.infer<typeof ZCreateTriggerResponse>;

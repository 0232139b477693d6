import { z } from "zod";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";

export const TRIGGER_NAME_MAX = 120;
export const ENDPOINT_SECRET_MIN = 16;
export const ENDPOINT_SECRET_MAX = 256;
export const FILTER_OPERATORS = ["equals", "not-equals", ">", "<", "contains"] as const;
export const TRIGGER_TYPES = ["schedule", "api", "event"] as const;
export type TTriggerType = (typeof TRIGGER_TYPES)[number];

export const ZTriggerName = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .max(TRIGGER_NAME_MAX, `must be at most ${TRIGGER_NAME_MAX} characters`)
  .meta({ description: "Trimmed, 1-120 characters." });

/** A filter value: compared as text, number or boolean (`>`/`<` need a number or an ISO timestamp). */
export const ZEventFilter = z
  .strictObject({
    field: z.string().trim().min(1, "must not be blank").max(200, "must be at most 200 characters").meta({
      description:
        "`actor.<field>`, `occurredAt`, or a payload path the integration's event declares (e.g. `payload.status`).",
    }),
    operator: z.enum(FILTER_OPERATORS),
    value: z.union([z.string().max(1_000, "must be at most 1,000 characters"), z.number(), z.boolean()]),
  })
  .meta({
    id: "EventFilter",
    description: "Only events whose field satisfies the operator against the value fire the trigger.",
  });
export type TEventFilter = z.infer<typeof ZEventFilter>;

const BASE = {
  id: ZUuid,
  domainId: ZUuid,
  name: z.string(),
  active: z.boolean().meta({ description: "Inactive triggers neither fire nor accept firings." }),
  createdAt: ZIsoDateTime,
};

/** A trigger as the API and console show it. The endpoint secret is write-only: only whether one is set. */
export const ZTrigger = z
  .discriminatedUnion("type", [
    z.object({
      ...BASE,
      type: z.literal("schedule"),
      cron: z.string().meta({ description: "5-field cron expression." }),
      timezone: z.string().meta({ description: "IANA time zone the cron expression is read in." }),
      input: z.record(z.string(), z.unknown()).meta({ description: "The input every scheduled firing delivers." }),
      nextFireAt: ZIsoDateTime.nullable().meta({ description: "The next planned firing; null while inactive." }),
    }),
    z.object({ ...BASE, type: z.literal("api") }),
    z.object({
      ...BASE,
      type: z.literal("event"),
      sourceIntegrationId: z.string(),
      connectionId: ZUuid,
      eventType: z.string(),
      eventFilter: ZEventFilter.nullable(),
      ingressUrl: z.string().meta({
        format: "uri",
        description: "The URL the source system calls to deliver an event.",
      }),
      hasEndpointSecret: z
        .boolean()
        .meta({ description: "Whether ingress calls must carry an HMAC signature made with the endpoint secret." }),
    }),
  ])
  .meta({ id: "Trigger" });
export type TTrigger = z.infer<typeof ZTrigger>;

import { z } from "zod";
import { ZIngressEvent } from "./ingress";

/** How many firings the schedule preview lists. */
export const PREVIEW_FIRINGS = 5;

/**
 * The console's preview of a trigger before it is saved (no OpenAPI route: console only): the
 * next firings of a schedule in its zone, and the message an agent subscriber would receive
 * for a sample input (schedule, API) or sample event (event).
 */
export const ZPreviewTriggerRequest = z.strictObject({
  type: z.enum(["schedule", "api", "event"]),
  name: z.string().max(200),
  cron: z.string().max(200).optional(),
  timezone: z.string().max(64).optional(),
  input: z.record(z.string(), z.unknown()).optional(),
  event: ZIngressEvent.optional(),
  eventType: z.string().max(200).optional(),
});
export type TPreviewTriggerRequest = z.infer<typeof ZPreviewTriggerRequest>;

const ZFieldProblem = z.object({ field: z.string(), message: z.string() });

export const ZPreviewTriggerResponse = z.object({
  schedule: z
    .union([
      z.object({ timezone: z.string(), nextFirings: z.array(z.string()) }),
      z.object({
        error: ZFieldProblem,
        /** Every problem (cron and time zone together), `error` being the first. */
        problems: z.array(ZFieldProblem).optional(),
      }),
    ])
    .nullable()
    .meta({
      description:
        "null unless a schedule with a cron expression; else the next firings (ISO 8601) or why the schedule is refused (`error` the first problem, `problems` all of them).",
    }),
  agentMessage: z
    .string()
    .nullable()
    .meta({ description: "What an agent subscriber receives as its message; null without an input or event." }),
});
export type TPreviewTriggerResponse = z.infer<typeof ZPreviewTriggerResponse>;

/** The name the preview uses while the form's name is still blank. */
export const PREVIEW_NAME_FALLBACK = "New trigger";

import { z } from "zod";

/**
 * The customer completion events (docs/decisions.md "Customer completion webhooks"). A session's
 * turn is an execution (`executionId`, as the session routes and stream name it); a flow run
 * started by a trigger settles as `run.*` instead of `turn.*`.
 */
export const WEBHOOK_EVENT_TYPES = [
  "turn.completed",
  "turn.failed",
  "turn.suspended",
  "run.completed",
  "run.failed",
] as const;

export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES, {
  message: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}`,
});

import { z } from "zod";
import { ZActionClass } from "./actions";
import { ZAssistantApproval } from "./approval";

/**
 * The assistant events (spec 6.2) with their `data` typed per `type`: a oneOf discriminated on
 * `type` in the partner document, so generated clients narrow `data` by the event's type. Data
 * objects are loose: a field added later reaches older receivers untouched.
 */
const eventOf = <T extends string, D extends z.ZodType>(type: T, data: D, id: string) =>
  z
    .object({
      id: z.string().meta({ description: "The event id, the same on every delivery of it." }),
      type: z.literal(type),
      occurred_at: z.string(),
      worker_ref: z.string().nullable(),
      data,
    })
    .meta({ id });

const ZMessageCreatedData = z.looseObject({
  message_id: z.string(),
  session_id: z.string(),
  created_at: z.string(),
  outcome: z.enum(["ok", "failed", "cancelled"]).meta({ description: "How the turn that wrote the reply ended." }),
  error_code: z.string().optional().meta({ description: "When the turn failed: its error code (section 7)." }),
});

const ZActionRecordedData = z.looseObject({
  action_id: z.string(),
  at: z.string(),
  action: ZActionClass,
  summary: z.string(),
  trigger: z.string(),
  approval: z
    .looseObject({
      id: z.string(),
      number: z.number().int(),
      state: z.string(),
      decision: z.string().nullable(),
      expires_at: z.string(),
    })
    .nullable(),
  result: z.looseObject({
    status: z.enum(["pending", "done", "failed", "dropped"]),
    policy: z.string(),
    error_code: z.string().optional(),
    message: z.string().optional(),
  }),
});

const ZUsageRecordedData = z.looseObject({
  usage_id: z.string().meta({ description: "The turn the usage is of: one record per turn." }),
  at: z.string(),
  cost_usd: z.number(),
  tokens: z.number().int(),
});

const ZConnectionFailedData = z.looseObject({
  provider: z.string(),
  connection_id: z.string(),
  error_code: z.string(),
});

export const ZAssistantEvent = z
  .discriminatedUnion("type", [
    eventOf("message.created", ZMessageCreatedData, "MessageCreatedEvent"),
    eventOf("approval.requested", ZAssistantApproval, "ApprovalRequestedEvent"),
    eventOf("action.recorded", ZActionRecordedData, "ActionRecordedEvent"),
    eventOf("usage.recorded", ZUsageRecordedData, "UsageRecordedEvent"),
    eventOf("connection.failed", ZConnectionFailedData, "ConnectionFailedEvent"),
  ])
  .meta({ id: "AssistantEvent" });
export type TAssistantEvent = z.infer<typeof ZAssistantEvent>;

import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

/** The longest range one usage request may cover (a quarter and a bit: keeps every chart readable). */
export const USAGE_MAX_DAYS = 92;

const ZDay = z.iso.date();

/**
 * How a run (one turn of a session) ended, as run history shows it, in four groups: `failed`
 * is run history's failed, tool_failed and rejected (a tool call failed or was rejected), and
 * `running` its queued and running (services/usage/run-outcome.ts).
 */
export const ZRunOutcome = z.enum(["completed", "failed", "waiting", "running"]);
export type TRunOutcome = z.infer<typeof ZRunOutcome>;

export const ZAutomationKindFilter = z.enum(["agent", "flow"]);

/** Filters of the usage page: the same ones run history offers. `from` and `to` are UTC days, both included. */
export const ZGetUsageRequest = z
  .strictObject({
    from: ZDay,
    to: ZDay,
    automationId: ZUuid.optional(),
    kind: ZAutomationKindFilter.optional(),
    outcome: ZRunOutcome.optional(),
  })
  .refine((input) => input.from <= input.to, {
    message: "The start day must not be after the end day.",
    path: ["from"],
  })
  .refine((input) => (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000 < USAGE_MAX_DAYS, {
    message: `Choose a range of at most ${USAGE_MAX_DAYS} days.`,
    path: ["to"],
  });
export type TGetUsageRequest = z.infer<typeof ZGetUsageRequest>;

/** One UTC day: runs by outcome, model usage (none for runs on built-in models), and approvals the runs waited for. */
export const ZUsageDay = z.object({
  day: ZDay,
  runs: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  waiting: z.number().int(),
  running: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  costUsd: z.number(),
  approvals: z.number().int(),
  /** Mean time from the approval request to its decision, for the day's decided approvals; null when none were decided. */
  approvalWaitMinutes: z.number().nullable(),
});
export type TUsageDay = z.infer<typeof ZUsageDay>;

export const ZUsageByAutomation = z.object({
  id: ZUuid,
  name: z.string(),
  kind: ZAutomationKindFilter,
  runs: z.number().int(),
  failed: z.number().int(),
  tokens: z.number().int(),
  costUsd: z.number(),
});
export type TUsageByAutomation = z.infer<typeof ZUsageByAutomation>;

export const ZGetUsageResponse = z.object({
  days: z.array(ZUsageDay),
  byAutomation: z.array(ZUsageByAutomation),
  /** The automations the filter may pick from (those the caller's usage covers). */
  automations: z.array(z.object({ id: ZUuid, name: z.string(), kind: ZAutomationKindFilter })),
  /** True when the figures cover the whole organization (Owners and Admins), false when only the caller's domains and own chats. */
  wholeOrganization: z.boolean(),
});
export type TGetUsageResponse = z.infer<typeof ZGetUsageResponse>;

import { z } from "zod";

/** Limits of one organization's monthly model budget; null = unlimited. */
export const ZBudgetLimits = z.object({
  monthlyTokenLimit: z.number().int().min(0).max(2_000_000_000).nullable(),
  /** US dollars, up to micro-dollar precision (stored as micro-USD). */
  monthlyCostLimitUsd: z.number().min(0).max(1_000_000_000).nullable(),
});

/** The organization's model budget: this UTC calendar month's usage against its limits. */
export const ZBudget = z.object({
  period: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }),
  usage: z.object({
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    tokens: z.number().int(),
    costUsd: z.number(),
  }),
  limits: ZBudgetLimits,
  exhausted: z.boolean(),
  /** Whether the caller may change the limits (organization Owner or Admin). */
  canEdit: z.boolean(),
});

export type TBudget = z.infer<typeof ZBudget>;
export type TBudgetLimits = z.infer<typeof ZBudgetLimits>;

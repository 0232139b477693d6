import { z } from "zod";

export const ZGetMonthSpendRequest = z.strictObject({}).optional();

/** The budget month's spend, day by day and cumulative, for the budget chart. */
export const ZGetMonthSpendResponse = z.object({
  days: z.array(
    z.object({
      day: z.iso.date(),
      tokens: z.number().int(),
      costUsd: z.number(),
      cumulativeTokens: z.number().int(),
      cumulativeCostUsd: z.number(),
    }),
  ),
});
export type TGetMonthSpendResponse = z.infer<typeof ZGetMonthSpendResponse>;

import type { TTransaction } from "@/server/db/client";
import { db } from "@/server/db/client";

/** The budget period: the UTC calendar month containing `now`, as [start, end). */
export function budgetPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

export type TPeriodUsage = { inputTokens: number; outputTokens: number; tokens: number; costMicroUsd: bigint };

/**
 * Model usage of the organization's turns created in the period. A turn counts in the month it
 * was created, even when its usage is recorded later (a turn resumed after an approval).
 */
export async function periodUsage(
  organizationId: string,
  period: { start: Date; end: Date },
  client: TTransaction | ReturnType<typeof db> = db(),
): Promise<TPeriodUsage> {
  const sums = await client.turn.aggregate({
    where: { organizationId, createdAt: { gte: period.start, lt: period.end } },
    _sum: { inputTokens: true, outputTokens: true, costMicroUsd: true },
  });
  const inputTokens = sums._sum.inputTokens ?? 0;
  const outputTokens = sums._sum.outputTokens ?? 0;
  return {
    inputTokens,
    outputTokens,
    tokens: inputTokens + outputTokens,
    costMicroUsd: BigInt(sums._sum.costMicroUsd ?? 0),
  };
}

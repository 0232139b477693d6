import type { TGetMonthSpendResponse } from "@/contracts/usage/get-month-spend";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { budgetPeriod } from "@/server/services/budget/budget-period";
import { daysOf, microToUsd, sqlTimestamp } from "./usage-scope";

type TSpendRow = { day: string; tokens: number; costMicroUsd: number };

/**
 * The budget month's model spend per UTC day, with running totals, for the chart of spend against
 * the limit. It counts what the budget counts: every turn of the organization created this month,
 * so every member may read it, as they may read the budget.
 */
export async function getMonthSpend(actor: TUserActor, now: Date = new Date()): Promise<TGetMonthSpendResponse> {
  const period = budgetPeriod(now);
  const rows = await db().$queryRaw<TSpendRow[]>`
    SELECT to_char(t."createdAt", 'YYYY-MM-DD') AS "day",
      COALESCE(sum(t."inputTokens" + t."outputTokens"), 0)::float8 AS "tokens",
      COALESCE(sum(t."costMicroUsd"), 0)::float8 AS "costMicroUsd"
    FROM "turns" t
    WHERE t."organizationId" = ${actor.orgId}::uuid AND t."createdAt" >= ${sqlTimestamp(period.start)} AND t."createdAt" < ${sqlTimestamp(period.end)}
    GROUP BY 1`;
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const today = now.toISOString().slice(0, 10);
  let cumulativeTokens = 0;
  let cumulativeMicroUsd = 0;
  // Days after today have no spend yet; the chart stops at today so the line does not pretend to know the future.
  const days = daysOf(period).filter((day) => day <= today);
  return {
    days: days.map((day) => {
      const row = byDay.get(day);
      cumulativeTokens += row?.tokens ?? 0;
      cumulativeMicroUsd += row?.costMicroUsd ?? 0;
      return {
        day,
        tokens: row?.tokens ?? 0,
        costUsd: microToUsd(row?.costMicroUsd ?? 0),
        cumulativeTokens,
        cumulativeCostUsd: microToUsd(cumulativeMicroUsd),
      };
    }),
  };
}

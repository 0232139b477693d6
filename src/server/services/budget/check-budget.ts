import { db } from "@/server/db/client";
import { budgetPeriod, periodUsage } from "./budget-period";

export type TBudgetCheck = { ok: true } | { ok: false; code: "LLM_BUDGET_EXHAUSTED"; message: string };

// Cents for ordinary amounts; micro-dollar precision for tiny ones, so "$0.00 of $0.00" never shows.
const usd = (micro: bigint) => {
  const dollars = Number(micro) / 1_000_000;
  return dollars >= 0.01 || dollars === 0 ? `$${dollars.toFixed(2)}` : `$${dollars.toFixed(6).replace(/0+$/, "")}`;
};
const month = (date: Date) => date.toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * Whether the organization may make another model call this month. Called by the turn loop
 * before every model step; a step already running is never cut short, so usage can end a
 * little above a limit. No LlmBudget row, or a null limit, means unlimited.
 */
export async function checkBudget(orgId: string, now: Date = new Date()): Promise<TBudgetCheck> {
  const budget = await db().llmBudget.findUnique({
    where: { organizationId: orgId },
    select: { monthlyTokenLimit: true, monthlyCostMicroUsd: true },
  });
  if (!budget || (budget.monthlyTokenLimit === null && budget.monthlyCostMicroUsd === null)) return { ok: true };
  const period = budgetPeriod(now);
  const usage = await periodUsage(orgId, period);
  const over: string[] = [];
  if (budget.monthlyTokenLimit !== null && usage.tokens >= budget.monthlyTokenLimit) {
    over.push(
      `${usage.tokens.toLocaleString("en-US")} of ${budget.monthlyTokenLimit.toLocaleString("en-US")} tokens used`,
    );
  }
  if (budget.monthlyCostMicroUsd !== null && usage.costMicroUsd >= budget.monthlyCostMicroUsd) {
    over.push(`${usd(usage.costMicroUsd)} of ${usd(budget.monthlyCostMicroUsd)} spent`);
  }
  if (over.length === 0) return { ok: true };
  return {
    ok: false,
    code: "LLM_BUDGET_EXHAUSTED",
    message: `This organization's model budget for ${month(period.start)} is used up (${over.join("; ")}). An organization Owner or Admin can raise it in the console (Settings, Model budget); it resets on ${period.end.toISOString().slice(0, 10)} UTC.`,
  };
}

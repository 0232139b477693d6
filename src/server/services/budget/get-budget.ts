import type { TBudget } from "@/contracts/budget/budget";
import type { TUserActor } from "@/server/auth/actor";
import { isOrgAdmin } from "@/server/auth/permissions";
import { db, type TTransaction } from "@/server/db/client";
import { budgetPeriod, periodUsage } from "./budget-period";

const toUsd = (micro: bigint) => Number(micro) / 1_000_000;

/** The budget view shared by get and set; `client` lets set read its own write. */
export async function budgetView(
  actor: TUserActor,
  now: Date,
  client: TTransaction | ReturnType<typeof db> = db(),
): Promise<TBudget> {
  const row = await client.llmBudget.findUnique({
    where: { organizationId: actor.orgId },
    select: { monthlyTokenLimit: true, monthlyCostMicroUsd: true },
  });
  const period = budgetPeriod(now);
  const usage = await periodUsage(actor.orgId, period, client);
  const limits = {
    monthlyTokenLimit: row?.monthlyTokenLimit ?? null,
    monthlyCostLimitUsd: row?.monthlyCostMicroUsd == null ? null : toUsd(row.monthlyCostMicroUsd),
  };
  const exhausted =
    (row?.monthlyTokenLimit != null && usage.tokens >= row.monthlyTokenLimit) ||
    (row?.monthlyCostMicroUsd != null && usage.costMicroUsd >= row.monthlyCostMicroUsd);
  return {
    period: { start: period.start.toISOString(), end: period.end.toISOString() },
    usage: {
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      tokens: usage.tokens,
      costUsd: toUsd(usage.costMicroUsd),
    },
    limits,
    exhausted,
    canEdit: isOrgAdmin(actor),
  };
}

/**
 * The organization's model budget and this month's usage. Every member may read it (so a
 * Member can see why turns fail with LLM_BUDGET_EXHAUSTED); only Owners and Admins change it.
 */
export async function getBudget(actor: TUserActor, now: Date = new Date()): Promise<{ budget: TBudget }> {
  return { budget: await budgetView(actor, now) };
}

import type { TBudget } from "@/contracts/budget/budget";
import type { TSetBudgetRequest } from "@/contracts/budget/set-budget";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { budgetView } from "./get-budget";

/** Sets (or clears, with null) the organization's monthly limits. Owner or Admin only. */
export async function setBudget(
  actor: TUserActor,
  input: TSetBudgetRequest,
  now: Date = new Date(),
): Promise<{ budget: TBudget }> {
  assertOrgAdmin(actor);
  const data = {
    monthlyTokenLimit: input.monthlyTokenLimit,
    monthlyCostMicroUsd:
      input.monthlyCostLimitUsd === null ? null : BigInt(Math.round(input.monthlyCostLimitUsd * 1_000_000)),
  };
  const budget = await db().$transaction(async (tx) => {
    await tx.llmBudget.upsert({
      where: { organizationId: actor.orgId },
      create: { organizationId: actor.orgId, ...data },
      update: data,
    });
    return budgetView(actor, now, tx);
  });
  return { budget };
}

import type { TBudget } from "@/contracts/budget/budget";
import type { TSetBudgetRequest } from "@/contracts/budget/set-budget";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db, type TTransaction } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";
import { budgetView } from "./get-budget";

type TLimits = { monthlyTokenLimit: number | null; monthlyCostMicroUsd: bigint | null };

const tokens = (limit: number | null) => (limit === null ? "no limit" : `${limit.toLocaleString("en-US")} tokens`);
const usd = (micro: bigint | null) => (micro === null ? "no limit" : `$${(Number(micro) / 1_000_000).toFixed(2)}`);

/** One settings.changed entry naming each limit that changed, old -> new; none when nothing did. */
async function recordBudgetChange(tx: TTransaction, actor: TUserActor, before: TLimits, after: TLimits) {
  const changes: Record<string, { from: string | number | null; to: string | number | null }> = {};
  const sentences: string[] = [];
  if (before.monthlyTokenLimit !== after.monthlyTokenLimit) {
    changes.monthlyTokenLimit = { from: before.monthlyTokenLimit, to: after.monthlyTokenLimit };
    sentences.push(`monthly token limit ${tokens(before.monthlyTokenLimit)} → ${tokens(after.monthlyTokenLimit)}`);
  }
  if (before.monthlyCostMicroUsd !== after.monthlyCostMicroUsd) {
    const asUsd = (micro: bigint | null) => (micro === null ? null : Number(micro) / 1_000_000);
    changes.monthlyCostLimitUsd = { from: asUsd(before.monthlyCostMicroUsd), to: asUsd(after.monthlyCostMicroUsd) };
    sentences.push(`monthly cost limit ${usd(before.monthlyCostMicroUsd)} → ${usd(after.monthlyCostMicroUsd)}`);
  }
  if (!sentences.length) return;
  await recordAudit(tx, {
    orgId: actor.orgId,
    actor,
    kind: "settings.changed",
    subject: { type: "budget", id: actor.orgId },
    summary: `Changed the model budget: ${sentences.join("; ")}`,
    data: { setting: "budget", changes },
  });
}

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
    const before = await tx.llmBudget.findUnique({
      where: { organizationId: actor.orgId },
      select: { monthlyTokenLimit: true, monthlyCostMicroUsd: true },
    });
    await tx.llmBudget.upsert({
      where: { organizationId: actor.orgId },
      create: { organizationId: actor.orgId, ...data },
      update: data,
    });
    await recordBudgetChange(tx, actor, before ?? { monthlyTokenLimit: null, monthlyCostMicroUsd: null }, data);
    return budgetView(actor, now, tx);
  });
  return { budget };
}

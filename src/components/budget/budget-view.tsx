"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { BudgetLimitsForm } from "./budget-limits-form";
import { BudgetSpendChart } from "./budget-spend-chart";
import { BudgetUsage } from "./budget-usage";
import styles from "./budget.module.css";

const describe = (value: number | null, unit: string) =>
  value === null ? "no limit" : `${value.toLocaleString("en-US")} ${unit}`;

/** The organization's model budget: usage for everyone, the limits form for Owners and Admins. */
export function BudgetView() {
  const trpc = useTRPC();
  const query = useQuery(trpc.budget.get.queryOptions());
  if (query.isError) {
    return (
      <Alert tone="error" title="The model budget could not be loaded">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (!query.data) return <p className={styles.note}>Loading…</p>;
  const { budget } = query.data;
  return (
    <div className={styles.stack}>
      <BudgetUsage budget={budget} />
      <BudgetSpendChart budget={budget} />
      {budget.canEdit ? (
        <BudgetLimitsForm budget={budget} />
      ) : (
        <Card title="Monthly limits" description="Only organization Owners and Admins can change these.">
          <p>
            Tokens: {describe(budget.limits.monthlyTokenLimit, "tokens")}. Cost:{" "}
            {describe(budget.limits.monthlyCostLimitUsd, "USD")}.
          </p>
        </Card>
      )}
    </div>
  );
}

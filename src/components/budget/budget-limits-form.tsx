"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TBudget } from "@/contracts/budget/budget";
import { ZSetBudgetRequest } from "@/contracts/budget/set-budget";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import authoring from "@/components/authoring/authoring.module.css";
import { formatUsd } from "./budget-usage";

const asText = (value: number | null) => (value === null ? "" : String(value));

/** Empty means unlimited; anything else must be a non-negative number. */
function parseLimit(text: string, integer: boolean): number | null | "invalid" {
  const trimmed = text.trim().replace(/,/g, "");
  if (!trimmed) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) return "invalid";
  return value;
}

export function BudgetLimitsForm({ budget }: { budget: TBudget }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [tokens, setTokens] = useState(asText(budget.limits.monthlyTokenLimit));
  const [cost, setCost] = useState(asText(budget.limits.monthlyCostLimitUsd));
  const [errors, setErrors] = useState<{ tokens?: string; cost?: string }>({});
  const save = useMutation(
    trpc.budget.set.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.budget.get.queryKey(), data),
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const monthlyTokenLimit = parseLimit(tokens, true);
    const monthlyCostLimitUsd = parseLimit(cost, false);
    const parsed = ZSetBudgetRequest.safeParse({ monthlyTokenLimit, monthlyCostLimitUsd });
    if (monthlyTokenLimit === "invalid" || monthlyCostLimitUsd === "invalid" || !parsed.success) {
      setErrors({
        tokens:
          monthlyTokenLimit === "invalid" ? "Enter a whole number of tokens, or leave empty for no limit." : undefined,
        cost:
          monthlyCostLimitUsd === "invalid" ? "Enter an amount in US dollars, or leave empty for no limit." : undefined,
      });
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  return (
    <Card
      title="Monthly limits"
      description="When either limit is reached, new model calls fail with LLM_BUDGET_EXHAUSTED until the next month. Leave a field empty for no limit."
    >
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight} aria-label="Monthly limits">
        <div className={authoring.formGrid}>
          <TextField
            label="Token limit"
            name="monthlyTokenLimit"
            inputMode="numeric"
            value={tokens}
            placeholder="Unlimited"
            error={errors.tokens}
            onChange={(event) => setTokens(event.target.value)}
          />
          <TextField
            label="Cost limit (USD)"
            name="monthlyCostLimitUsd"
            inputMode="decimal"
            value={cost}
            placeholder="Unlimited"
            error={errors.cost}
            onChange={(event) => setCost(event.target.value)}
          />
        </div>
        {save.isError ? (
          <Alert tone="error" title="The limits were not saved">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        {save.isSuccess ? (
          <Alert tone="success" title="Limits saved">
            Tokens: {save.data.budget.limits.monthlyTokenLimit?.toLocaleString("en-US") ?? "unlimited"}; cost:{" "}
            {save.data.budget.limits.monthlyCostLimitUsd === null
              ? "unlimited"
              : formatUsd(save.data.budget.limits.monthlyCostLimitUsd)}
            .
          </Alert>
        ) : null}
        <div className={authoring.formActions}>
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save limits
          </Button>
        </div>
      </form>
    </Card>
  );
}

import type { TBudget } from "@/contracts/budget/budget";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import styles from "./budget.module.css";

export const formatUsd = (value: number) =>
  value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  });
const formatTokens = (value: number) => value.toLocaleString("en-US");
const monthOf = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

function Figure({
  label,
  used,
  limit,
  format,
}: {
  label: string;
  used: number;
  limit: number | null;
  format: (value: number) => string;
}) {
  const share = limit === null ? null : limit === 0 ? 1 : Math.min(1, used / limit);
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd>
        {format(used)} <span className={styles.of}>{limit === null ? "of unlimited" : `of ${format(limit)}`}</span>
      </dd>
      {share === null ? null : (
        <div
          className={styles.meter}
          role="meter"
          aria-label={`${label} used`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
        >
          <div
            className={`${styles.meterFill} ${share >= 1 ? styles.meterFull : ""}`}
            style={{ width: `${share * 100}%` }}
          />
        </div>
      )}
    </div>
  );
}

/** This month's model usage against the limits. */
export function BudgetUsage({ budget }: { budget: TBudget }) {
  return (
    <Card
      title={`Usage in ${monthOf(budget.period.start)}`}
      description="Model tokens and cost of every agent turn in this organization this calendar month (UTC)."
    >
      <dl className={styles.figures}>
        <Figure
          label="Tokens"
          used={budget.usage.tokens}
          limit={budget.limits.monthlyTokenLimit}
          format={formatTokens}
        />
        <Figure label="Cost" used={budget.usage.costUsd} limit={budget.limits.monthlyCostLimitUsd} format={formatUsd} />
      </dl>
      <p className={styles.note}>
        {formatTokens(budget.usage.inputTokens)} input and {formatTokens(budget.usage.outputTokens)} output tokens.
        Resets on {budget.period.end.slice(0, 10)} (UTC). Cost uses list prices; models without a known price count
        tokens only.
      </p>
      {budget.exhausted ? (
        <div className={styles.note}>
          <Alert tone="error" title="Budget used up">
            New agent turns that call a model fail with LLM_BUDGET_EXHAUSTED until the limit is raised or the month
            ends.
          </Alert>
        </div>
      ) : null}
    </Card>
  );
}

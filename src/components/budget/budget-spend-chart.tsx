"use client";

import { useQuery } from "@tanstack/react-query";
import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TBudget } from "@/contracts/budget/budget";
import { Alert } from "@/components/ui/alert";
import { ChartFigure } from "@/components/usage/chart-figure";
import { COLORS, formatCount, formatUsd, shortDay } from "@/components/usage/format";

type TMeasure = {
  key: "cumulativeCostUsd" | "cumulativeTokens";
  label: string;
  limit: number | null;
  format: (value: number) => string;
};

/**
 * The month's running spend against the limit. It draws cost when a cost limit is set, tokens when
 * only a token limit is: the line people want to compare is the one that can stop their turns.
 */
function measureOf(budget: TBudget): TMeasure {
  const { monthlyCostLimitUsd, monthlyTokenLimit } = budget.limits;
  // With no limit and only unpriced (free) models, a cost line would sit flat at zero: show tokens.
  const nothingToPrice = monthlyCostLimitUsd === null && monthlyTokenLimit === null && budget.usage.costUsd === 0;
  if ((monthlyCostLimitUsd === null && monthlyTokenLimit !== null) || nothingToPrice) {
    return { key: "cumulativeTokens", label: "Tokens used", limit: monthlyTokenLimit, format: formatCount };
  }
  return { key: "cumulativeCostUsd", label: "Cost so far", limit: monthlyCostLimitUsd, format: formatUsd };
}

export function BudgetSpendChart({ budget }: { budget: TBudget }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.usage.monthSpend.queryOptions());
  if (query.isError) {
    return (
      <Alert tone="error" title="The spend chart could not be loaded">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const days = query.data?.days ?? [];
  const measure = measureOf(budget);
  const top = Math.max(measure.limit ?? 0, ...days.map((day) => day[measure.key]));
  return (
    <ChartFigure
      title="Spend against the limit"
      description={
        measure.limit === null
          ? `${measure.label} this month, day by day (UTC). No limit is set.`
          : `${measure.label} this month, day by day (UTC), against the monthly limit (the red line): ${measure.format(measure.limit)}.`
      }
      rows={days}
      rowKey={(row) => row.day}
      columns={[
        { label: "Day", value: (row) => row.day },
        { label: "Tokens that day", value: (row) => formatCount(row.tokens) },
        { label: "Cost that day", value: (row) => formatUsd(row.costUsd) },
        { label: "Tokens so far", value: (row) => formatCount(row.cumulativeTokens) },
        { label: "Cost so far", value: (row) => formatUsd(row.cumulativeCostUsd) },
      ]}
    >
      <ResponsiveContainer>
        <AreaChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12, fill: "#667085" }} minTickGap={16} />
          <YAxis
            tick={{ fontSize: 12, fill: "#667085" }}
            width={72}
            domain={[0, top > 0 ? top : 1]}
            tickFormatter={(value: number) => measure.format(value)}
          />
          <Tooltip
            labelFormatter={(day) => shortDay(String(day))}
            formatter={(value) => measure.format(Number(value))}
          />
          <Area
            type="monotone"
            dataKey={measure.key}
            name={measure.label}
            stroke={COLORS.running}
            fill={COLORS.output}
            // On the month's first day there is one point, and an area of one point draws nothing.
            dot={days.length === 1}
            isAnimationActive={false}
          />
          {measure.limit === null ? null : (
            <ReferenceLine
              y={measure.limit}
              stroke={COLORS.limit}
              strokeDasharray="6 4"
              label={{ value: "Limit", position: "insideTopRight", fill: COLORS.limit, fontSize: 12 }}
            />
          )}
        </AreaChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZGetUsageRequest, type TUsageDay } from "@/contracts/usage/get-usage";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { formatCount, formatUsd } from "./format";
import { ApprovalsChart, AutomationsChart, CostChart, RunsChart, TokensChart } from "./usage-charts";
import { UsageFilters } from "./usage-filters";
import { usageRequest, type TUsageRange } from "./usage-params";
import { useFiltersInUrl } from "./use-filters-in-url";
import styles from "./usage.module.css";

function Totals({ days }: { days: TUsageDay[] }) {
  const sum = (pick: (day: TUsageDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  const figures = [
    { label: "Runs", value: formatCount(sum((day) => day.runs)) },
    { label: "Failed", value: formatCount(sum((day) => day.failed)) },
    { label: "Approvals", value: formatCount(sum((day) => day.approvals)) },
    { label: "Tokens", value: formatCount(sum((day) => day.inputTokens + day.outputTokens)) },
    { label: "Cost", value: formatUsd(sum((day) => day.costUsd)) },
  ];
  return (
    <Card aria-label="Totals">
      <dl className={styles.totals}>
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The usage page: filters, totals and one chart per question people ask of their runs. */
export function UsageView({ initialRange }: { initialRange: TUsageRange }) {
  const trpc = useTRPC();
  const [filters, update] = useFiltersInUrl(initialRange);
  const parsed = ZGetUsageRequest.safeParse(usageRequest(filters));
  const query = useQuery({
    ...trpc.usage.get.queryOptions(parsed.success ? parsed.data : usageRequest({ ...filters, ...initialRange })),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
  });
  const rangeError = parsed.success ? null : (parsed.error.issues[0]?.message ?? "Choose a valid range.");
  // Busy while the figures shown are the previous filters' (kept to avoid a flash of "Loading…").
  return (
    <div className={styles.stack} aria-busy={query.isPlaceholderData || query.isFetching}>
      <Card>
        <UsageFilters
          filters={filters}
          update={update}
          automations={query.data?.automations ?? []}
          rangeError={rangeError}
        />
      </Card>
      {query.isError ? (
        <Alert tone="error" title="Usage could not be loaded">
          {errorMessage(query.error)}
        </Alert>
      ) : !query.data ? (
        <p className={styles.note}>Loading…</p>
      ) : (
        <>
          <p className={styles.note}>
            {query.data.wholeOrganization
              ? "Every run of the organization. Days are UTC."
              : "Runs of the domains you belong to and your own chats (Owners and Admins see the whole organization). Days are UTC."}
          </p>
          <Totals days={query.data.days} />
          <div className={styles.grid}>
            <RunsChart days={query.data.days} />
            <ApprovalsChart days={query.data.days} />
            <TokensChart days={query.data.days} />
            <CostChart days={query.data.days} />
          </div>
          <AutomationsChart rows={query.data.byAutomation} />
        </>
      )}
    </div>
  );
}

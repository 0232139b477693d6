"use client";

import type { TGetUsageRequest, TGetUsageResponse } from "@/contracts/usage/get-usage";
import { SelectField } from "@/components/authoring/select-field";
import { TextField } from "@/components/ui/text-field";
import styles from "./usage.module.css";

export type TUsageFilters = {
  from: string;
  to: string;
  automationId: string;
  kind: "" | "agent" | "flow";
  outcome: "" | NonNullable<TGetUsageRequest["outcome"]>;
};

/** The filters of run history, plus the date range (UTC days, both included). */
export function UsageFilters({
  filters,
  update,
  automations,
  rangeError,
}: {
  filters: TUsageFilters;
  update: (patch: Partial<TUsageFilters>) => void;
  automations: TGetUsageResponse["automations"];
  rangeError?: string | null;
}) {
  const choices = automations.filter((automation) => !filters.kind || automation.kind === filters.kind);
  return (
    <form className={styles.filters} aria-label="Usage filters" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label="From"
        type="date"
        name="from"
        value={filters.from}
        max={filters.to}
        error={rangeError}
        onChange={(event) => event.target.value && update({ from: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        name="to"
        value={filters.to}
        min={filters.from}
        onChange={(event) => event.target.value && update({ to: event.target.value })}
      />
      <SelectField
        label="Kind"
        name="kind"
        value={filters.kind}
        onChange={(event) => update({ kind: event.target.value as TUsageFilters["kind"], automationId: "" })}
      >
        <option value="">Agents and flows</option>
        <option value="agent">Agents</option>
        <option value="flow">Flows</option>
      </SelectField>
      <SelectField
        label="Automation"
        name="automationId"
        value={filters.automationId}
        onChange={(event) => update({ automationId: event.target.value })}
      >
        <option value="">All</option>
        {choices.map((automation) => (
          <option key={automation.id} value={automation.id}>
            {automation.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Outcome"
        name="outcome"
        value={filters.outcome}
        onChange={(event) => update({ outcome: event.target.value as TUsageFilters["outcome"] })}
      >
        <option value="">Any outcome</option>
        <option value="completed">Completed</option>
        <option value="failed">Failed</option>
        <option value="waiting">Waiting for approval</option>
        <option value="running">Running</option>
      </SelectField>
    </form>
  );
}

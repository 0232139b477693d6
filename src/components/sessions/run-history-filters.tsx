"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "@/client/trpc";
import { RUN_OUTCOMES, type TRunOutcome, type TSessionOrigin } from "@/contracts/session-console/session-summary";
import { SESSION_ORIGINS } from "@/contracts/sessions/session-details";
import { SelectField } from "@/components/authoring/select-field";
import { TextField } from "@/components/ui/text-field";
import { ORIGIN_LABEL, OUTCOME_LABEL } from "./run-facts";
import styles from "./sessions.module.css";

export type TRunFilters = {
  /** Text search over the run's input, the automation's name and what started it. */
  q: string;
  domainId: string;
  automationId: string;
  status: "active" | "archived" | "all";
  outcome: "" | TRunOutcome;
  origin: "" | TSessionOrigin;
  automationKind: "" | "agent" | "flow";
};

export const NO_FILTERS: TRunFilters = {
  q: "",
  domainId: "",
  automationId: "",
  status: "active",
  outcome: "",
  origin: "",
  automationKind: "",
};

const SEARCH_DELAY_MS = 300;

/** The search box: the list follows a moment after typing stops (one query, one URL change). */
function SearchBox({
  value,
  update,
}: {
  value: string;
  update: (patch: Partial<TRunFilters>, options?: { replace?: boolean }) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    // The first letter starts a history entry; the rest of the word replaces it.
    const timer = setTimeout(() => update({ q: text }, { replace: value.trim() !== "" }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, update]);
  return (
    <TextField
      label="Search"
      type="search"
      name="q"
      value={text}
      maxLength={200}
      autoComplete="off"
      placeholder="Input, agent, flow, trigger or key"
      onChange={(event) => setText(event.target.value)}
    />
  );
}

/** Run history's filters: search, domain, automation (agents and flows of the domain), kind, outcome, origin, lifecycle. */
export function RunHistoryFilters({
  filters,
  update,
}: {
  filters: TRunFilters;
  update: (patch: Partial<TRunFilters>, options?: { replace?: boolean }) => void;
}) {
  const trpc = useTRPC();
  const domains = useQuery(trpc.tenancy.listDomains.queryOptions());
  const memberDomains = (domains.data?.domains ?? []).filter((domain) => domain.myRole);
  const enabled = Boolean(filters.domainId);
  const agents = useQuery({
    ...trpc.agents.list.queryOptions({ domainId: filters.domainId }),
    enabled: enabled && filters.automationKind !== "flow",
  });
  const flows = useQuery({
    ...trpc.flows.list.queryOptions({ domainId: filters.domainId }),
    enabled: enabled && filters.automationKind !== "agent",
  });
  const automations = [
    ...(filters.automationKind === "flow"
      ? []
      : (agents.data?.agents ?? []).map((agent) => ({ id: agent.id, label: `${agent.name} (agent)` }))),
    ...(filters.automationKind === "agent"
      ? []
      : (flows.data?.flows ?? []).map((flow) => ({ id: flow.id, label: `${flow.name} (flow)` }))),
  ];
  return (
    <div className={styles.filters} role="search" aria-label="Filter runs">
      <SearchBox value={filters.q} update={update} />
      <SelectField
        label="Domain"
        value={filters.domainId}
        onChange={(event) => update({ domainId: event.target.value, automationId: "" })}
      >
        <option value="">All my domains</option>
        {memberDomains.map((domain) => (
          <option key={domain.id} value={domain.id}>
            {domain.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Kind"
        value={filters.automationKind}
        onChange={(event) =>
          update({ automationKind: event.target.value as TRunFilters["automationKind"], automationId: "" })
        }
      >
        <option value="">Agents and flows</option>
        <option value="agent">Agents</option>
        <option value="flow">Flows</option>
      </SelectField>
      <SelectField
        label="Automation"
        value={filters.automationId}
        disabled={!enabled}
        onChange={(event) => update({ automationId: event.target.value })}
      >
        <option value="">{enabled ? "All automations" : "Choose a domain first"}</option>
        {automations.map((automation) => (
          <option key={automation.id} value={automation.id}>
            {automation.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Outcome"
        value={filters.outcome}
        onChange={(event) => update({ outcome: event.target.value as TRunFilters["outcome"] })}
      >
        <option value="">Any outcome</option>
        {RUN_OUTCOMES.map((outcome) => (
          <option key={outcome} value={outcome}>
            {OUTCOME_LABEL[outcome]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Origin"
        value={filters.origin}
        onChange={(event) => update({ origin: event.target.value as TRunFilters["origin"] })}
      >
        <option value="">Any origin</option>
        {SESSION_ORIGINS.map((origin) => (
          <option key={origin} value={origin}>
            {ORIGIN_LABEL[origin]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Show"
        value={filters.status}
        onChange={(event) => update({ status: event.target.value as TRunFilters["status"] })}
      >
        <option value="active">Active</option>
        <option value="archived">Archived</option>
        <option value="all">All</option>
      </SelectField>
    </div>
  );
}

"use client";

import { AUDIT_AREA_NAMES, AUDIT_AREAS, type TAuditArea, type TAuditKind } from "@/contracts/audit/audit-kind";
import { SERVICE_ACTOR } from "@/contracts/audit/list-audit-entries";
import type { TListAuditActorsResponse } from "@/contracts/audit/list-audit-actors";
import { SelectField } from "@/components/authoring/select-field";
import type { TAuditFilters } from "./audit-params";
import styles from "./audit.module.css";

const AREA_PREFIX = "area:";

/** Who and what: a person (or the service and partners), and a kind or a whole area, grouped by area. */
export function AuditFilters({
  filters,
  people,
  onChange,
}: {
  filters: TAuditFilters;
  people: TListAuditActorsResponse["people"] | undefined;
  onChange: (filters: TAuditFilters) => void;
}) {
  const kindValue = filters.kind || (filters.area ? `${AREA_PREFIX}${filters.area}` : "");
  const onKind = (value: string) =>
    onChange({
      ...filters,
      kind: value.startsWith(AREA_PREFIX) ? "" : (value as TAuditKind | ""),
      area: value.startsWith(AREA_PREFIX) ? (value.slice(AREA_PREFIX.length) as TAuditArea) : "",
    });
  return (
    <div className={styles.filters} role="group" aria-label="Filter the audit log">
      <SelectField
        label="Person"
        name="actor"
        value={filters.actor}
        onChange={(event) => onChange({ ...filters, actor: event.target.value })}
      >
        <option value="">Everyone</option>
        {(people ?? []).map((person) => (
          <option key={person.userId} value={person.userId}>
            {person.member ? person.label : `${person.label} (not a member)`}
          </option>
        ))}
        {filters.actor && filters.actor !== SERVICE_ACTOR && !people?.some((p) => p.userId === filters.actor) ? (
          <option value={filters.actor}>Someone else</option>
        ) : null}
        <option value={SERVICE_ACTOR}>The service or a partner platform</option>
      </SelectField>
      <SelectField label="Kind" name="kind" value={kindValue} onChange={(event) => onKind(event.target.value)}>
        <option value="">Every kind</option>
        {AUDIT_AREA_NAMES.map((area) => (
          <optgroup key={area} label={AUDIT_AREAS[area].label}>
            <option value={`${AREA_PREFIX}${area}`}>All: {AUDIT_AREAS[area].label.toLowerCase()}</option>
            {Object.entries(AUDIT_AREAS[area].kinds).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TEventCatalogResponse } from "@/contracts/triggers/event-catalog";
import { FILTER_OPERATORS } from "@/contracts/triggers/trigger";
import authoring from "@/components/authoring/authoring.module.css";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";

export type TEventDraft = {
  sourceIntegrationId: string;
  eventType: string;
  connectionId: string;
  endpointSecret: string;
  field: string;
  operator: (typeof FILTER_OPERATORS)[number];
  value: string;
};

type TProps = {
  domainId: string;
  catalog: TEventCatalogResponse | undefined;
  draft: TEventDraft;
  errors: Record<string, string>;
  onChange: (draft: TEventDraft) => void;
};

/** Source, event, connection, secret and filter of an event trigger; choices come from the catalog. */
export function EventFields({ domainId, catalog, draft, errors, onChange }: TProps) {
  const trpc = useTRPC();
  const connections = useQuery(trpc.connections.list.queryOptions({ domainId }));
  const sources = catalog?.sources ?? [];
  const source = sources.find((candidate) => candidate.integrationId === draft.sourceIntegrationId) ?? sources[0];
  const events = source?.events ?? [];
  const event = events.find((candidate) => candidate.type === draft.eventType) ?? events[0];
  const matching = (connections.data?.connections ?? []).filter(
    (connection) => connection.integrationId === source?.integrationId,
  );
  const current = {
    ...draft,
    sourceIntegrationId: source?.integrationId ?? "",
    eventType: event?.type ?? "",
    connectionId: draft.connectionId || matching[0]?.id || "",
  };
  // The form submits the parent's draft, so the defaults shown here must be in it too.
  useEffect(() => {
    if (
      current.sourceIntegrationId !== draft.sourceIntegrationId ||
      current.eventType !== draft.eventType ||
      current.connectionId !== draft.connectionId
    )
      onChange(current);
  });
  if (catalog && !catalog.enabled) {
    return (
      <Alert tone="warning" title="Event triggers are not enabled for this organization">
        Ask the service operator to turn on event triggers for this organization (Admin, Event triggers); API and
        schedule triggers work meanwhile.
      </Alert>
    );
  }
  const set = (patch: Partial<TEventDraft>) => onChange({ ...current, ...patch });
  const fields = event
    ? [...event.actorFields.map((field) => `actor.${field}`), "occurredAt", ...event.payloadPaths]
    : [];

  return (
    <div className={authoring.formGrid}>
      <SelectField
        label="Source"
        name="sourceIntegrationId"
        value={current.sourceIntegrationId}
        error={errors.sourceIntegrationId}
        onChange={(change) => set({ sourceIntegrationId: change.target.value, eventType: "", connectionId: "" })}
      >
        {sources.map((candidate) => (
          <option key={candidate.integrationId} value={candidate.integrationId}>
            {candidate.name} ({candidate.integrationId})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Event"
        name="eventType"
        value={current.eventType}
        hint={event?.description}
        error={errors.eventType}
        onChange={(change) => set({ eventType: change.target.value })}
      >
        {events.map((candidate) => (
          <option key={candidate.type} value={candidate.type}>
            {candidate.type}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Connection"
        name="connectionId"
        value={current.connectionId}
        error={errors.connectionId}
        hint={connections.isError ? errorMessage(connections.error) : "A connection of this domain to the source."}
        onChange={(change) => set({ connectionId: change.target.value })}
      >
        {matching.length === 0 ? (
          <option value="">No connection to {source?.integrationId ?? "the source"} in this domain</option>
        ) : null}
        {matching.map((connection) => (
          <option key={connection.id} value={connection.id}>
            {connection.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Endpoint secret"
        name="endpointSecret"
        type="password"
        autoComplete="off"
        value={current.endpointSecret}
        hint="Optional, 16-256 characters. Ingress calls must then carry its HMAC signature. Never shown again."
        error={errors.endpointSecret}
        onChange={(change) => set({ endpointSecret: change.target.value })}
      />
      <TextField
        label="Filter field"
        name="filterField"
        list="trigger-filter-fields"
        autoComplete="off"
        value={current.field}
        placeholder="optional, e.g. payload.status"
        hint={`One of: ${fields.join(", ")}`}
        error={errors.eventFilter}
        onChange={(change) => set({ field: change.target.value })}
      />
      <datalist id="trigger-filter-fields">
        {fields.map((field) => (
          <option key={field} value={field} />
        ))}
      </datalist>
      <SelectField
        label="Filter operator"
        name="filterOperator"
        value={current.operator}
        onChange={(change) => set({ operator: change.target.value as TEventDraft["operator"] })}
      >
        {FILTER_OPERATORS.map((operator) => (
          <option key={operator} value={operator}>
            {operator}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Filter value"
        name="filterValue"
        autoComplete="off"
        value={current.value}
        onChange={(change) => set({ value: change.target.value })}
      />
    </div>
  );
}

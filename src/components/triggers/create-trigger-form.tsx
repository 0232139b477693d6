"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZCreateTriggerRequest } from "@/contracts/triggers/create-trigger";
import { FILTER_OPERATORS, type TTriggerType } from "@/contracts/triggers/trigger";
import authoring from "@/components/authoring/authoring.module.css";
import { fieldErrors } from "@/components/authoring/errors";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { EventFields, type TEventDraft } from "./event-fields";
import { ScheduleFields, type TScheduleDraft } from "./schedule-fields";

const LABELS = { name: "Name", cron: "Cron", timezone: "Time zone", input: "Input", connectionId: "Connection", endpointSecret: "Endpoint secret", eventFilter: "Filter" };
const EMPTY_SCHEDULE: TScheduleDraft = { cron: "", timezone: "UTC", input: "" };
const EMPTY_EVENT: TEventDraft = { sourceIntegrationId: "", eventType: "", connectionId: "", endpointSecret: "", field: "", operator: FILTER_OPERATORS[0], value: "" };

/** `>` and `<` compare numbers (or timestamps); a numeric text is sent as a number then. */
function filterValue(draft: TEventDraft): string | number {
  const numeric = draft.value.trim() !== "" && !Number.isNaN(Number(draft.value));
  return (draft.operator === ">" || draft.operator === "<") && numeric ? Number(draft.value) : draft.value;
}

function buildBody(type: TTriggerType, domainId: string, name: string, schedule: TScheduleDraft, event: TEventDraft): { body?: unknown; error?: Record<string, string> } {
  if (type === "api") return { body: { type, domainId, name } };
  if (type === "schedule") {
    let input: unknown;
    if (schedule.input.trim()) {
      try {
        input = JSON.parse(schedule.input);
      } catch {
        return { error: { input: "Input must be a JSON object, e.g. {\"report\": \"daily\"}." } };
      }
    }
    return { body: { type, domainId, name, cron: schedule.cron, timezone: schedule.timezone || undefined, ...(input === undefined ? {} : { input }) } };
  }
  return {
    body: {
      type,
      domainId,
      name,
      sourceIntegrationId: event.sourceIntegrationId,
      eventType: event.eventType,
      connectionId: event.connectionId,
      ...(event.endpointSecret ? { endpointSecret: event.endpointSecret } : {}),
      ...(event.field.trim() ? { eventFilter: { field: event.field.trim(), operator: event.operator, value: filterValue(event) } } : {}),
    },
  };
}

/** Creates a trigger through the same route as POST /api/v1/triggers; the secret is cleared once sealed. */
export function CreateTriggerForm({ domainId, domainName }: { domainId: string; domainName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const catalog = useQuery(trpc.triggers.eventCatalog.queryOptions({}));
  const [type, setType] = useState<TTriggerType>("api");
  const [name, setName] = useState("");
  const [schedule, setSchedule] = useState(EMPTY_SCHEDULE);
  const [event, setEvent] = useState(EMPTY_EVENT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation(
    trpc.triggers.create.mutationOptions({
      onSuccess: async ({ trigger }) => {
        setCreated(trigger.name);
        setName("");
        setSchedule(EMPTY_SCHEDULE);
        setEvent(EMPTY_EVENT);
        await queryClient.invalidateQueries({ queryKey: trpc.triggers.list.queryKey({ domainId }) });
      },
    }),
  );

  function onSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    setCreated(null);
    const built = buildBody(type, domainId, name, schedule, event);
    const parsed = built.body ? ZCreateTriggerRequest.safeParse(built.body) : null;
    if (!parsed?.success) {
      setErrors({ ...(built.error ?? {}), ...(parsed && !parsed.success ? fieldErrors(parsed.error, LABELS) : {}) });
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  return (
    <Card title="New trigger" description={`Starts every subscribed agent and flow of ${domainName} at once.`}>
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight} aria-label="New trigger">
        <div className={authoring.formGrid}>
          <SelectField label="Type" name="type" value={type} onChange={(change) => setType(change.target.value as TTriggerType)}>
            <option value="api">API: fired by POST /api/v1/triggers/fire</option>
            <option value="schedule">Schedule: fired on a cron schedule</option>
            <option value="event">Event: fired by calls to its ingress URL</option>
          </SelectField>
          <TextField label="Name" name="name" value={name} autoComplete="off" placeholder="e.g. Order placed" error={errors.name} onChange={(change) => setName(change.target.value)} />
        </div>
        {type === "schedule" ? <ScheduleFields draft={schedule} errors={errors} onChange={setSchedule} /> : null}
        {type === "event" ? <EventFields domainId={domainId} catalog={catalog.data} draft={event} errors={errors} onChange={setEvent} /> : null}
        {create.isError ? (
          <Alert tone="error" title="The trigger was not created">
            {errorMessage(create.error)}
          </Alert>
        ) : null}
        {created ? <Alert tone="success" title={`Trigger “${created}” created`}>Subscribe agents and flows to it below.</Alert> : null}
        <div className={authoring.formActions}>
          <Button type="submit" variant="primary" busy={create.isPending} disabled={type === "event" && catalog.data?.enabled === false}>
            Create trigger
          </Button>
        </div>
      </form>
    </Card>
  );
}

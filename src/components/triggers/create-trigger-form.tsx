"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZCreateTriggerRequest } from "@/contracts/triggers/create-trigger";
import type { TIngressEvent } from "@/contracts/triggers/ingress";
import { FILTER_OPERATORS, type TTriggerType } from "@/contracts/triggers/trigger";
import authoring from "@/components/authoring/authoring.module.css";
import { formErrorsOf, formErrorsOfProblems, formErrorsOfZod } from "@/components/forms/field-errors";
import { SelectField } from "@/components/authoring/select-field";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { EventFields, type TEventDraft } from "./event-fields";
import { ScheduleFields, type TScheduleDraft } from "./schedule-fields";
import { buildBody, formFieldOf, LABELS, parseJsonObject } from "./trigger-draft";
import { AgentMessagePreview, SchedulePreview } from "./trigger-preview";
import { useTriggerPreview } from "./use-trigger-preview";

const EMPTY_SCHEDULE: TScheduleDraft = { cron: "", timezone: "UTC", input: "" };
const EMPTY_EVENT: TEventDraft = {
  sourceIntegrationId: "",
  eventType: "",
  connectionId: "",
  endpointSecret: "",
  field: "",
  operator: FILTER_OPERATORS[0],
  value: "",
};
const SAMPLE = {
  api: '{"order": {"id": 42}}',
  event: JSON.stringify({ actor: { id: "user-1" }, payload: { amount: 120 } }),
};

/** Creates a trigger through the same route as POST /api/v1/triggers; the secret is cleared once sealed. */
export function CreateTriggerForm({ domainId, domainName }: { domainId: string; domainName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const catalog = useQuery(trpc.triggers.eventCatalog.queryOptions({}));
  const [type, setType] = useState<TTriggerType>("api");
  const [name, setName] = useState("");
  const [schedule, setSchedule] = useState(EMPTY_SCHEDULE);
  const [event, setEvent] = useState(EMPTY_EVENT);
  const [sample, setSample] = useState(SAMPLE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
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
      onError: (error) => {
        // Every problem the service names goes under its field; anything else is for the whole form.
        const found = formErrorsOf(error, LABELS, { fieldOf: formFieldOf });
        setErrors(found.fields);
        setFailure(found.form.length ? found.form.join(" ") : null);
      },
    }),
  );

  const sampleText = type === "schedule" ? schedule.input : type === "api" ? sample.api : sample.event;
  const sampleValue = parseJsonObject(sampleText);
  const preview = useTriggerPreview({
    type,
    name,
    ...(type === "schedule" ? { cron: schedule.cron, timezone: schedule.timezone } : {}),
    ...(type === "event" ? { eventType: event.eventType } : {}),
    ...(sampleValue.ok && sampleValue.value
      ? type === "event"
        ? { event: { payload: {}, ...sampleValue.value } as TIngressEvent }
        : { input: sampleValue.value }
      : {}),
  });
  const scheduleRefusal = preview.data?.schedule && "error" in preview.data.schedule ? preview.data.schedule : null;
  // The live preview names every schedule problem (cron and time zone together), each on its field.
  const scheduleProblems =
    scheduleRefusal && type === "schedule"
      ? formErrorsOfProblems(scheduleRefusal.problems ?? [scheduleRefusal.error], LABELS, { fieldOf: formFieldOf })
          .fields
      : {};
  const shownErrors = { ...scheduleProblems, ...errors };

  /** A changed schedule drops the refusals of the last submit: the live preview checks it now. */
  function editSchedule(next: TScheduleDraft) {
    setSchedule(next);
    setErrors(({ cron: _cron, timezone: _timezone, input: _input, ...rest }) => rest);
  }

  function onSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    setCreated(null);
    setFailure(null);
    const built = buildBody(type, domainId, name, schedule, event);
    const parsed = ZCreateTriggerRequest.safeParse(built.body);
    const found = {
      ...(parsed.success ? {} : formErrorsOfZod(parsed.error, LABELS, { fieldOf: formFieldOf }).fields),
      ...built.errors,
    };
    setErrors(found);
    if (parsed.success && Object.keys(found).length === 0) create.mutate(parsed.data);
  }

  // Labels unlike the saved fields (Event, Input), so a label names one box only.
  const sampleLabel =
    type === "event" ? "Try a sample (JSON: actor?, occurredAt?, payload)" : "Try a sample (JSON object)";
  return (
    <Card title="New trigger" description={`Starts every subscribed agent and flow of ${domainName} at once.`}>
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight} aria-label="New trigger">
        <div className={authoring.formGrid}>
          <SelectField
            label="Type"
            name="type"
            value={type}
            onChange={(change) => setType(change.target.value as TTriggerType)}
          >
            <option value="api">API: fired by POST /api/v1/triggers/fire</option>
            <option value="schedule">Schedule: fired on a cron schedule</option>
            <option value="event">Event: fired by calls to its ingress URL</option>
          </SelectField>
          <TextField
            label="Name"
            name="name"
            value={name}
            autoComplete="off"
            placeholder="e.g. Order placed"
            error={shownErrors.name}
            onChange={(change) => setName(change.target.value)}
          />
        </div>
        {type === "schedule" ? (
          <ScheduleFields draft={schedule} errors={shownErrors} onChange={(next) => editSchedule(next)} />
        ) : null}
        {type === "schedule" ? <SchedulePreview schedule={preview.data?.schedule} /> : null}
        {type === "event" ? (
          <EventFields
            domainId={domainId}
            catalog={catalog.data}
            draft={event}
            errors={shownErrors}
            onChange={setEvent}
          />
        ) : null}
        {type !== "schedule" ? (
          <TextAreaField
            label={sampleLabel}
            name="sample"
            rows={2}
            monospace
            value={sampleText}
            error={
              sampleValue.ok
                ? preview.isError
                  ? errorMessage(preview.error)
                  : null
                : `The sample ${sampleValue.message}`
            }
            hint="Not saved: only for the preview below."
            onChange={(change) => setSample({ ...sample, [type]: change.target.value })}
          />
        ) : null}
        <AgentMessagePreview message={preview.data?.agentMessage} pending={preview.isFetching} />
        {failure ? (
          <Alert tone="error" title="The trigger was not created">
            {failure}
          </Alert>
        ) : null}
        {created ? (
          <Alert tone="success" title={`Trigger “${created}” created`}>
            Subscribe agents and flows to it below.
          </Alert>
        ) : null}
        <div className={authoring.formActions}>
          <Button
            type="submit"
            variant="primary"
            busy={create.isPending}
            disabled={type === "event" && catalog.data?.enabled === false}
          >
            Create trigger
          </Button>
        </div>
      </form>
    </Card>
  );
}

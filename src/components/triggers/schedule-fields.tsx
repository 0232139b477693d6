"use client";

import authoring from "@/components/authoring/authoring.module.css";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { TextField } from "@/components/ui/text-field";

export type TScheduleDraft = { cron: string; timezone: string; input: string };

type TProps = { draft: TScheduleDraft; errors: Record<string, string>; onChange: (draft: TScheduleDraft) => void };

export function ScheduleFields({ draft, errors, onChange }: TProps) {
  return (
    <div className={authoring.formGrid}>
      <TextField
        label="Cron"
        name="cron"
        value={draft.cron}
        autoComplete="off"
        spellCheck={false}
        placeholder="*/15 * * * *"
        hint="5 fields: minute hour day-of-month month day-of-week."
        error={errors.cron}
        onChange={(event) => onChange({ ...draft, cron: event.target.value })}
      />
      <TextField
        label="Time zone"
        name="timezone"
        value={draft.timezone}
        autoComplete="off"
        spellCheck={false}
        hint="IANA name, e.g. UTC or Europe/Berlin."
        error={errors.timezone}
        onChange={(event) => onChange({ ...draft, timezone: event.target.value })}
      />
      <TextAreaField
        className={authoring.full}
        label="Input"
        name="input"
        monospace
        rows={3}
        value={draft.input}
        hint="JSON object every firing delivers (flows get it verbatim). Empty means {}."
        error={errors.input}
        onChange={(event) => onChange({ ...draft, input: event.target.value })}
      />
    </div>
  );
}

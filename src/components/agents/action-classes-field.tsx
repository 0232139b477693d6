"use client";

import { useId, useState } from "react";
import {
  ACTION_CLASSES,
  ACTION_CLASS_LIMITS,
  type TActionClass,
  type TActionClasses,
} from "@/contracts/assistant/actions";
import { Button } from "@/components/ui/button";
import ui from "@/components/ui/ui.module.css";
import authoring from "@/components/authoring/authoring.module.css";
import type { TCatalogTool } from "./tool-catalog";
import styles from "./agents.module.css";

type TProps = {
  value: TActionClasses;
  onChange: (value: TActionClasses) => void;
  tools: TCatalogTool[];
  error?: string | null;
};

const CLASS_LABEL: Record<TActionClass, string> = {
  "email.send": "email.send: sends an email",
  "calendar.write": "calendar.write: creates or changes an event",
  "calendar.accept": "calendar.accept: answers an invitation",
  "inbox.tidy": "inbox.tidy: files, labels or archives mail",
  "message.send": "message.send: sends a chat message",
  purchase: "purchase: spends money",
};

/**
 * One row per classified tool (its wire id and a class select) and a pair of selects to add
 * one. Only write tools are offered: a tool without a class is read-only and runs without a
 * policy decision. The class is chosen explicitly when adding, never guessed, since it decides
 * what a worker's policy does with the call. A key that is no longer visible stays as a row
 * (the verifier reports it) so nothing is dropped silently.
 */
export function ActionClassesField({ value, onChange, tools, error }: TProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [tool, setTool] = useState("");
  const [actionClass, setActionClass] = useState<TActionClass | "">("");
  const entries = Object.entries(value);
  const available = tools.filter((candidate) => !candidate.isReadonly && !(candidate.name in value));
  const full = entries.length >= ACTION_CLASS_LIMITS.entries;

  function add() {
    if (!tool || !actionClass) return;
    onChange({ ...value, [tool]: actionClass });
    setTool("");
    setActionClass("");
  }

  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? undefined : hintId}>
      <legend className={ui.label}>Action classes</legend>
      {entries.length ? (
        <ul className={styles.actionRows} aria-label="Classified tools">
          {entries.map(([name, current]) => (
            <li key={name} className={styles.actionRow}>
              <code className={authoring.inlineCode}>{name}</code>
              <select
                className={authoring.select}
                aria-label={`Action class of ${name}`}
                value={current}
                onChange={(event) => onChange({ ...value, [name]: event.target.value as TActionClass })}
              >
                {ACTION_CLASSES.map((option) => (
                  <option key={option} value={option}>
                    {CLASS_LABEL[option]}
                  </option>
                ))}
              </select>
              <Button
                size="small"
                variant="ghost"
                aria-label={`Remove ${name} from action classes`}
                onClick={() => onChange(Object.fromEntries(entries.filter(([other]) => other !== name)))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.actionRow}>
        <select
          id={`${id}-tool`}
          className={`${authoring.select} ${styles.addSelect}`}
          aria-label="Tool to classify"
          value={tool}
          disabled={full || available.length === 0}
          onChange={(event) => setTool(event.target.value)}
        >
          <option value="">
            {available.length === 0 ? "Every write tool is already classified" : "Choose a tool that acts…"}
          </option>
          {available.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.name}
            </option>
          ))}
        </select>
        <select
          className={authoring.select}
          aria-label="Its action class"
          value={actionClass}
          disabled={full || !tool}
          onChange={(event) => setActionClass(event.target.value as TActionClass | "")}
        >
          <option value="">Choose its class…</option>
          {ACTION_CLASSES.map((option) => (
            <option key={option} value={option}>
              {CLASS_LABEL[option]}
            </option>
          ))}
        </select>
        <Button size="small" disabled={!tool || !actionClass} onClick={add}>
          Add
        </Button>
      </div>
      {error ? (
        <p className={ui.fieldError}>{error}</p>
      ) : (
        <p id={hintId} className={ui.hint}>
          For agents that answer assistant workers: each call of a classified tool is an action the worker&apos;s policy
          decides (never, ask, allow). A tool here cannot also be an approval tool. Up to {ACTION_CLASS_LIMITS.entries}{" "}
          tools.
        </p>
      )}
    </fieldset>
  );
}

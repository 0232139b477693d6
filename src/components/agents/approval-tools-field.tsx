"use client";

import { useId } from "react";
import { SETUP_LIMITS } from "@/contracts/agents/setup";
import ui from "@/components/ui/ui.module.css";
import authoring from "@/components/authoring/authoring.module.css";
import type { TCatalogTool } from "./tool-catalog";
import styles from "./agents.module.css";

type TProps = { value: string[]; onChange: (value: string[]) => void; tools: TCatalogTool[]; error?: string | null };

/**
 * Chips for the chosen tools and a select to add one. Write tools are listed first: they are
 * the ones a person usually wants to approve. A chosen name that is no longer visible stays as
 * a chip (the verifier reports it) so nothing is dropped silently.
 */
export function ApprovalToolsField({ value, onChange, tools, error }: TProps) {
  const selectId = useId();
  const hintId = `${selectId}-hint`;
  const chosen = new Set(value);
  const available = tools.filter((tool) => !chosen.has(tool.name));
  const writeTools = available.filter((tool) => !tool.isReadonly);
  const readTools = available.filter((tool) => tool.isReadonly);
  const full = value.length >= SETUP_LIMITS.approvalTools;

  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={selectId}>
        Approval tools
      </label>
      {value.length ? (
        <ul className={authoring.chips} aria-label="Tools that need approval">
          {value.map((name) => (
            <li key={name} className={authoring.chip}>
              {name}
              <button
                type="button"
                className={authoring.chipRemove}
                aria-label={`Remove ${name} from approval tools`}
                onClick={() => onChange(value.filter((entry) => entry !== name))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <select
        id={selectId}
        className={`${authoring.select} ${styles.addSelect}`}
        value=""
        disabled={full || available.length === 0}
        aria-describedby={hintId}
        onChange={(event) => {
          if (event.target.value) onChange([...value, event.target.value]);
        }}
      >
        <option value="">
          {available.length === 0 ? "Every visible tool is already chosen" : "Add a tool that needs approval…"}
        </option>
        {writeTools.length ? (
          <optgroup label="Tools that change data">
            {writeTools.map((tool) => (
              <option key={tool.name} value={tool.name}>
                {tool.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {readTools.length ? (
          <optgroup label="Read-only tools">
            {readTools.map((tool) => (
              <option key={tool.name} value={tool.name}>
                {tool.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {error ? (
        <p className={ui.fieldError}>{error}</p>
      ) : (
        <p id={hintId} className={ui.hint}>
          A call to one of these tools waits until a person approves it. Up to {SETUP_LIMITS.approvalTools} tools.
        </p>
      )}
    </div>
  );
}

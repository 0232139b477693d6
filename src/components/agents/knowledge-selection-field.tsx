"use client";

import type { TKnowledgeMode, TKnowledgeSelection } from "@/contracts/agents/setup";
import type { TKnowledgeModuleSummary } from "@/contracts/knowledge/list-modules";
import { SelectField } from "@/components/authoring/select-field";
import ui from "@/components/ui/ui.module.css";
import styles from "./agents.module.css";

const MODES: Array<{ value: TKnowledgeMode; label: string; help: string }> = [
  { value: "none", label: "No knowledge", help: "#service.knowledge.search finds nothing." },
  { value: "org", label: "Organization knowledge", help: "Published articles of the organization's knowledge base." },
  {
    value: "domain",
    label: "This domain's knowledge",
    help: "Published articles of this domain's base and the organization's base.",
  },
  { value: "modules", label: "Selected modules", help: "Only the published articles of the modules chosen below." },
];

type TProps = {
  value: TKnowledgeSelection;
  onChange: (value: TKnowledgeSelection) => void;
  modules: TKnowledgeModuleSummary[] | undefined;
};

/** What #service.knowledge.search may read; published with the next revision like the Setup. */
export function KnowledgeSelectionField({ value, onChange, modules }: TProps) {
  const chosen = new Set(value.moduleIds);
  return (
    <div className={styles.knowledge}>
      <SelectField
        label="Knowledge"
        value={value.mode}
        hint={MODES.find((mode) => mode.value === value.mode)?.help}
        onChange={(event) => {
          const mode = event.target.value as TKnowledgeMode;
          onChange({ mode, moduleIds: mode === "modules" ? value.moduleIds : [] });
        }}
      >
        {MODES.map((mode) => (
          <option key={mode.value} value={mode.value}>
            {mode.label}
          </option>
        ))}
      </SelectField>
      {value.mode === "modules" ? (
        <fieldset className={styles.fieldset}>
          <legend className={ui.label}>Modules</legend>
          {!modules ? (
            <p className={ui.hint}>Loading modules…</p>
          ) : modules.length === 0 ? (
            <p className={ui.hint}>There are no modules this agent can use yet. Create one under Knowledge.</p>
          ) : (
            <ul className={styles.checkList}>
              {modules.map((knowledgeModule) => (
                <li key={knowledgeModule.id}>
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={chosen.has(knowledgeModule.id)}
                      onChange={(event) =>
                        onChange({
                          mode: "modules",
                          moduleIds: event.target.checked
                            ? [...value.moduleIds, knowledgeModule.id]
                            : value.moduleIds.filter((id) => id !== knowledgeModule.id),
                        })
                      }
                    />
                    <span>
                      {knowledgeModule.name}
                      <span className={styles.checkMeta}>
                        {knowledgeModule.kind === "org" ? "Organization module" : "Domain module"} ·{" "}
                        {knowledgeModule.articleCount} {knowledgeModule.articleCount === 1 ? "article" : "articles"}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ) : null}
    </div>
  );
}

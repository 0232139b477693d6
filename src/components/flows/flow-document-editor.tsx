"use client";

import { yaml } from "@codemirror/lang-yaml";
import { useMemo } from "react";
import type { TStepKind } from "@/contracts/flows/graph";
import { CodeEditor, type TCodeDiagnostic } from "@/components/code-editor/code-editor";
import { rangeOfPath, type TDocumentFormat, type TParsedText } from "./document-text";
import type { TShownFinding } from "./findings-list";
import { StepReference } from "./step-reference";
import { STEP_TEMPLATES, textWithStep } from "./step-templates";
import styles from "./flow-document-editor.module.css";

type TProps = {
  text: string;
  onText: (text: string) => void;
  format: TDocumentFormat;
  parsed: TParsedText;
  findings: TShownFinding[] | null;
};

/** Findings on the lines they are about: the syntax error where parsing stopped, the rest by path. */
function documentDiagnostics(text: string, parsed: TParsedText, findings: TShownFinding[] | null): TCodeDiagnostic[] {
  if (!parsed.ok) {
    if (parsed.offset === null) return [];
    const from = Math.min(parsed.offset, text.length);
    return [
      {
        from,
        to: Math.min(from + 1, text.length),
        severity: "error",
        message: `Not valid YAML or JSON: ${parsed.message}`,
      },
    ];
  }
  return (findings ?? []).flatMap((finding) => {
    const range = finding.path ? rangeOfPath(text, finding.path) : null;
    return range ? [{ ...range, severity: "error" as const, message: finding.message }] : [];
  });
}

/** The flow document in the code editor (YAML mode; JSON is YAML too), with step templates to insert. */
export function FlowDocumentEditor({ text, onText, format, parsed, findings }: TProps) {
  const language = useMemo(() => yaml(), []);
  const diagnostics = useMemo(() => documentDiagnostics(text, parsed, findings), [text, parsed, findings]);

  function insert(kind: TStepKind) {
    if (!parsed.ok) return;
    // Edits the text itself (not the parsed value) so the author's comments and layout stay.
    const next = textWithStep(text, kind, format);
    if (next !== null) onText(next);
  }

  return (
    <>
      <CodeEditor
        value={text}
        onChange={onText}
        label="Flow document"
        language={language}
        diagnostics={diagnostics}
        minLines={16}
      />
      <div className={styles.templates} role="group" aria-label="Insert a step">
        <span className={styles.templatesLabel}>Add a step:</span>
        {(Object.keys(STEP_TEMPLATES) as TStepKind[]).map((kind) => (
          <button
            key={kind}
            type="button"
            className={styles.templateButton}
            disabled={!parsed.ok}
            onClick={() => insert(kind)}
          >
            {STEP_TEMPLATES[kind].label}
          </button>
        ))}
        <a
          href="#step-reference"
          className={styles.referenceLink}
          onClick={() => {
            // Opens the reference below as well as scrolling to it.
            const reference = document.getElementById("step-reference");
            if (reference instanceof HTMLDetailsElement) reference.open = true;
          }}
        >
          Step reference
        </a>
      </div>
      {!parsed.ok ? <p className={styles.note}>Fix the syntax to add steps from templates.</p> : null}
      <StepReference />
    </>
  );
}

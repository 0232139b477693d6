"use client";

import { useId, useMemo, type Ref } from "react";
import { SETUP_LIMITS } from "@/contracts/agents/setup";
import { CodeEditor, type TCodeDiagnostic, type TCodeEditorHandle } from "@/components/code-editor/code-editor";
import { FieldFooter } from "@/components/authoring/field-footer";
import ui from "@/components/ui/ui.module.css";
import { procedureLanguage, toolCompletion } from "./procedure-language";
import { ProcedureSyntaxHelp } from "./procedure-syntax-help";
import type { TCatalogTool } from "./tool-catalog";
import styles from "./procedure-editor.module.css";

type TProps = {
  value: string;
  onChange: (value: string) => void;
  tools: TCatalogTool[];
  error?: string | null;
  /** The verifier's findings and warnings on their lines (only while they match the text). */
  diagnostics?: TCodeDiagnostic[];
  /** The parent selects finding ranges through this. */
  handle: Ref<TCodeEditorHandle>;
};

/**
 * The procedure in a code editor: tool references, call arguments and placeholders
 * highlighted, `#` completion of the visible tools (Up/Down, Enter, Escape, or a click),
 * the verifier's findings marked on their lines, and the syntax summarised beside it.
 */
export function ProcedureEditor({ value, onChange, tools, error, diagnostics, handle }: TProps) {
  const id = useId();
  const language = useMemo(() => procedureLanguage(tools), [tools]);
  const completion = useMemo(() => toolCompletion(tools), [tools]);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`${ui.field} ${styles.procedure}`}>
      <span className={ui.label} id={`${id}-label`}>
        Procedure
      </span>
      <div className={styles.procedureBody}>
        <div className={styles.procedureEditor}>
          {/* Keyed by the catalog so a late catalog rebuilds the editor with its highlighting. */}
          <CodeEditor
            key={tools.length}
            value={value}
            onChange={onChange}
            label="Procedure"
            describedBy={error ? errorId : hintId}
            invalid={Boolean(error)}
            language={language}
            completion={completion}
            completionLabel="Tools"
            diagnostics={diagnostics}
            wrap
            minLines={12}
            handle={handle}
          />
          <FieldFooter
            hintId={hintId}
            errorId={errorId}
            hint="How the agent works, step by step. Type # to refer to a tool."
            error={error}
            length={value.length}
            max={SETUP_LIMITS.procedure}
          />
        </div>
        <ProcedureSyntaxHelp />
      </div>
    </div>
  );
}

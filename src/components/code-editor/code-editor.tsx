"use client";

import { autocompletion, closeCompletion, completionKeymap, type CompletionSource } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { Compartment, EditorSelection, EditorState, type Extension } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from "@codemirror/view";
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { editorTheme } from "./theme";

export type TCodeDiagnostic = { from: number; to: number; severity: "error" | "warning" | "info"; message: string };

/** What a parent can do to the editor: select a range (a finding) and focus it. */
export type TCodeEditorHandle = { select: (from: number, to: number) => void; focus: () => void };

type TProps = {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the text box (tests and screen readers find it by this). */
  label: string;
  /** Ids of the hint/error texts that describe the box. */
  describedBy?: string;
  invalid?: boolean;
  /** The language: syntax tree, highlighting, decorations (e.g. yaml(), procedureLanguage(...)). */
  language?: Extension;
  completion?: CompletionSource;
  /** The accessible name of the completion list. */
  completionLabel?: string;
  diagnostics?: TCodeDiagnostic[];
  /** Long lines wrap (prose); off for YAML, where wrapping hides the indentation. */
  wrap?: boolean;
  placeholder?: string;
  handle?: Ref<TCodeEditorHandle>;
  minLines?: number;
};

/** Clamps diagnostics to the document: a finding from an older text must not throw. */
function toDiagnostics(diagnostics: TCodeDiagnostic[], length: number): Diagnostic[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.from <= length)
    .map((diagnostic) => ({ ...diagnostic, to: Math.min(Math.max(diagnostic.to, diagnostic.from), length) }));
}

/**
 * The one code editor of the console (CodeMirror 6): line numbers, undo, a language, optional
 * completion, and diagnostics drawn on their lines. Controlled like a textarea: `value` wins
 * when it differs from the text (a proposal applied, a format switch), `onChange` reports typing.
 */
export function CodeEditor(props: TProps) {
  const {
    value,
    label,
    describedBy,
    invalid,
    language,
    completion,
    completionLabel,
    wrap = false,
    placeholder,
    handle,
    minLines = 8,
  } = props;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const attributes = useRef(new Compartment());

  useImperativeHandle(handle, () => ({
    select(from, to) {
      const editor = view.current;
      if (!editor) return;
      const length = editor.state.doc.length;
      editor.dispatch({
        selection: EditorSelection.single(Math.min(from, length), Math.min(to, length)),
        scrollIntoView: true,
      });
      editor.focus();
    },
    focus: () => view.current?.focus(),
  }));

  useEffect(() => {
    const phrases: Record<string, string> = completionLabel ? { Completions: completionLabel } : {};
    const state = EditorState.create({
      doc: value,
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap, ...lintKeymap]),
        EditorState.phrases.of(phrases),
        wrap ? EditorView.lineWrapping : [],
        placeholder ? placeholderText(placeholder) : [],
        completion ? autocompletion({ override: [completion], activateOnTyping: true, icons: false }) : [],
        lintGutter(),
        language ?? [],
        editorTheme(minLines),
        attributes.current.of([]),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange.current(update.state.doc.toString());
        }),
      ],
    });
    const editor = new EditorView({ state, parent: host.current! });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is built once; value, attributes and diagnostics are synced by the effects below.
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    closeCompletion(editor);
  }, [value]);

  useEffect(() => {
    const contentAttributes: Record<string, string> = {
      "aria-label": label,
      "aria-multiline": "true",
      spellcheck: "false",
    };
    if (describedBy) contentAttributes["aria-describedby"] = describedBy;
    if (invalid) contentAttributes["aria-invalid"] = "true";
    view.current?.dispatch({
      effects: attributes.current.reconfigure(EditorView.contentAttributes.of(contentAttributes)),
    });
  }, [label, describedBy, invalid]);

  const diagnostics = props.diagnostics;
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(setDiagnostics(editor.state, toDiagnostics(diagnostics ?? [], editor.state.doc.length)));
  }, [diagnostics, value]);

  return <div ref={host} data-invalid={invalid ? "true" : undefined} />;
}

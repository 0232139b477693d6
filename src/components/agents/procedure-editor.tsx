"use client";

import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { SETUP_LIMITS } from "@/contracts/agents/setup";
import { referenceAtCaret } from "@/contracts/agents/tool-references";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { caretPosition } from "./caret";
import { matchTools, type TCatalogTool } from "./tool-catalog";
import styles from "./procedure-editor.module.css";

type TProps = {
  value: string;
  onChange: (value: string) => void;
  tools: TCatalogTool[];
  error?: string | null;
  /** The parent selects finding ranges in the textarea through this. */
  textareaRef: RefObject<HTMLTextAreaElement | null>;
};

type TOpen = { start: number; end: number; query: string; top: number; left: number };

const POPUP_WIDTH = 360;

/**
 * The procedure textarea with `#` completion of tool wire ids. Typing `#` opens the visible
 * tools filtered by what follows it; Up/Down choose, Enter or Tab insert `#<wire id>`,
 * Escape closes; a click inserts too. Focus never leaves the textarea (aria-activedescendant).
 */
export function ProcedureEditor({ value, onChange, tools, error, textareaRef }: TProps) {
  const listId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<TOpen | null>(null);
  const [active, setActive] = useState(0);
  // The `#` offset the person dismissed with Escape: stays closed until they type another `#`.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const matches = open ? matchTools(tools, open.query) : [];

  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (textarea && pendingCaret.current !== null) {
      textarea.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [value, textareaRef]);

  function refresh(textarea: HTMLTextAreaElement) {
    const caret = textarea.selectionStart;
    const reference = textarea.selectionEnd === caret ? referenceAtCaret(textarea.value, caret) : null;
    if (!reference || reference.start === dismissedAt) {
      setOpen(null);
      return;
    }
    const position = caretPosition(textarea, reference.start);
    const width = wrapper.current?.clientWidth ?? POPUP_WIDTH;
    if (open?.query !== reference.query) setActive(0);
    setOpen({
      ...reference,
      top: Math.min(Math.max(position.top + position.lineHeight + 4, 0), textarea.clientHeight + 4) + textarea.offsetTop,
      left: Math.max(0, Math.min(position.left, width - POPUP_WIDTH)),
    });
  }

  function insert(tool: TCatalogTool) {
    if (!open) return;
    const after = value.slice(open.end);
    // Sentence punctuation after the reference stays glued to it (it is not part of the id).
    const spacer = after === "" || !/^[\s.,:]/.test(after) ? " " : "";
    const text = `#${tool.name}${spacer}`;
    pendingCaret.current = open.start + text.length;
    setOpen(null);
    onChange(value.slice(0, open.start) + text + after);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open || matches.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + matches.length) % matches.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      insert(matches[Math.min(active, matches.length - 1)]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setDismissedAt(open.start);
      setOpen(null);
    }
  }

  const showList = open !== null && matches.length > 0;
  const activeId = showList ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined;
  return (
    <div ref={wrapper} className={styles.procedure}>
      <TextAreaField
        ref={textareaRef}
        label="Procedure"
        name="procedure"
        value={value}
        rows={12}
        monospace
        spellCheck={false}
        max={SETUP_LIMITS.procedure}
        error={error}
        hint="How the agent works, step by step. Type # to refer to a tool, e.g. #service.http.get."
        aria-autocomplete="list"
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={activeId}
        onChange={(event) => {
          if (dismissedAt !== null && event.target.value[dismissedAt] !== "#") setDismissedAt(null);
          onChange(event.target.value);
          refresh(event.target);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) refresh(event.currentTarget);
        }}
        onClick={(event) => refresh(event.currentTarget)}
        onBlur={() => setOpen(null)}
        onScroll={(event) => {
          // Typing past the last visible line scrolls the textarea: keep the list at the caret.
          if (open) refresh(event.currentTarget);
        }}
      />
      {showList ? (
        <ul id={listId} role="listbox" aria-label="Tools" className={styles.completions} style={{ top: open.top, left: open.left, width: POPUP_WIDTH }}>
          {matches.map((tool, index) => (
            <li
              key={tool.name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === Math.min(active, matches.length - 1)}
              className={styles.completion}
              onMouseDown={(event) => {
                // Keep the focus (and the caret) in the textarea.
                event.preventDefault();
                insert(tool);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <code className={styles.completionName}>#{tool.name}</code>
              <span className={styles.completionMeta}>
                {tool.integrationName}
                {tool.isReadonly ? " · read-only" : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {open === null ? "" : matches.length === 0 ? "No tool matches." : `${matches.length} ${matches.length === 1 ? "tool matches" : "tools match"}. Up and Down to choose, Enter to insert.`}
      </p>
      {open !== null && matches.length === 0 && open.query ? (
        <p className={styles.noMatch} style={{ top: open.top, left: open.left }}>
          No visible tool matches “#{open.query}”.
        </p>
      ) : null}
    </div>
  );
}

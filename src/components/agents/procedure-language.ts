import type { Completion, CompletionContext, CompletionResult } from "@codemirror/autocomplete";
import { StateField, type EditorState, type Extension, type Range } from "@codemirror/state";
import { Decoration, EditorView, type DecorationSet } from "@codemirror/view";
import { scanPlaceholders } from "@/contracts/agents/procedure-placeholders";
import { referenceAtCaret, scanToolCallLines, scanToolReferences } from "@/contracts/agents/tool-references";
import { matchTools, type TCatalogTool } from "./tool-catalog";

const toolReference = Decoration.mark({ class: "cm-procedure-tool" });
const unknownReference = Decoration.mark({
  class: "cm-procedure-tool cm-procedure-tool-unknown",
  attributes: { title: "No visible tool has this id" },
});
const callArguments = Decoration.mark({ class: "cm-procedure-args" });
const placeholder = Decoration.mark({ class: "cm-procedure-placeholder" });
const unknownPlaceholder = Decoration.mark({
  class: "cm-procedure-placeholder-unknown",
  attributes: { title: "Not filled: use {{message}} or {{input.<path>}}" },
});

/**
 * The marks of a procedure, read with the same grammar the verifier and the builtin models use
 * (contracts/agents): tool references, the JSON arguments of call lines, and placeholders.
 */
function procedureMarks(state: EditorState, isTool: (id: string) => boolean): DecorationSet {
  const text = state.doc.toString();
  const marks: Range<Decoration>[] = [];
  for (const call of scanToolCallLines(text)) {
    const from = call.end + text.slice(call.end).indexOf("{");
    marks.push(callArguments.range(from, from + call.argumentsText.length));
  }
  for (const reference of scanToolReferences(text))
    marks.push((isTool(reference.id) ? toolReference : unknownReference).range(reference.start, reference.end));
  for (const found of scanPlaceholders(text))
    marks.push((found.known ? placeholder : unknownPlaceholder).range(found.start, found.end));
  return Decoration.set(marks, true);
}

const procedureTheme = EditorView.baseTheme({
  ".cm-procedure-tool": { color: "#4338ca", fontWeight: "600" },
  ".cm-procedure-tool-unknown": { color: "#b42318", textDecoration: "underline dotted" },
  ".cm-procedure-args": { color: "#0f5132" },
  ".cm-procedure-placeholder": { color: "#9a3412", background: "#fff4e5", borderRadius: "3px" },
  ".cm-procedure-placeholder-unknown": { color: "#b42318", background: "#fdecea", borderRadius: "3px" },
});

/** Highlighting of the procedure grammar; `tools` tells known references from unknown ones. */
export function procedureLanguage(tools: TCatalogTool[]): Extension {
  const known = new Set(tools.map((tool) => tool.name));
  const isTool = (id: string) => known.has(id);
  const field = StateField.define<DecorationSet>({
    create: (state) => procedureMarks(state, isTool),
    update: (marks, transaction) => (transaction.docChanged ? procedureMarks(transaction.state, isTool) : marks),
    provide: (self) => EditorView.decorations.from(self),
  });
  return [field, procedureTheme];
}

/** Whether text after an inserted reference needs a blank: sentence punctuation stays glued. */
function spacerBefore(after: string): string {
  return after === "" || !/^[\s.,:]/.test(after) ? " " : "";
}

/**
 * `#` completion of tool wire ids: what follows `#` filters the visible tools (matchTools, the
 * catalog's order); choosing one replaces the whole id under the caret with `#<wire id>`.
 */
export function toolCompletion(tools: TCatalogTool[]) {
  return (context: CompletionContext): CompletionResult | null => {
    const text = context.state.doc.toString();
    const reference = referenceAtCaret(text, context.pos);
    if (!reference) return null;
    const options: Completion[] = matchTools(tools, reference.query).map((tool) => ({
      label: `#${tool.name}`,
      detail: `${tool.integrationName}${tool.isReadonly ? " · read-only" : ""}`,
      info: tool.description || undefined,
      apply: (view, _completion, from, to) => {
        const end = Math.max(to, reference.end);
        const insert = `#${tool.name}${spacerBefore(view.state.sliceDoc(end, end + 1))}`;
        view.dispatch({ changes: { from, to: end, insert }, selection: { anchor: from + insert.length } });
      },
    }));
    return { from: reference.start, to: reference.end, options, filter: false };
  };
}

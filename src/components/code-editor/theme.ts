import { EditorView } from "@codemirror/view";

/**
 * The editor in the console's colours (the CSS variables of globals.css), at least `minLines`
 * lines tall so an empty procedure does not look like a one-line field.
 */
export function editorTheme(minLines: number) {
  return EditorView.theme({
    "&": {
      border: "1px solid var(--color-border-strong)",
      borderRadius: "var(--radius)",
      background: "var(--color-surface)",
      color: "var(--color-text)",
      fontSize: "13px",
    },
    "&.cm-focused": { outline: "none", boxShadow: "var(--focus-ring)" },
    ".cm-scroller": { fontFamily: "var(--font-mono)", lineHeight: "1.55", maxHeight: "32em", overflow: "auto" },
    ".cm-content, .cm-gutter": { minHeight: `${minLines * 1.55 + 0.5}em` },
    ".cm-gutters": {
      background: "var(--color-surface-muted)",
      borderRight: "1px solid var(--color-border)",
      color: "var(--color-text-subtle)",
    },
    ".cm-activeLine": { background: "color-mix(in srgb, var(--color-brand-soft) 45%, transparent)" },
    ".cm-tooltip": {
      border: "1px solid var(--color-border-strong)",
      borderRadius: "var(--radius)",
      boxShadow: "var(--shadow-lg)",
      background: "var(--color-surface)",
    },
    ".cm-tooltip-autocomplete > ul": { fontFamily: "var(--font-mono)", maxHeight: "18em" },
    ".cm-tooltip-autocomplete > ul > li": { padding: "4px 10px" },
    ".cm-tooltip-autocomplete > ul > li[aria-selected]": { background: "var(--color-brand)", color: "#fff" },
    ".cm-completionDetail": { marginLeft: "1em", fontFamily: "var(--font-sans)", fontStyle: "normal", opacity: 0.8 },
  });
}

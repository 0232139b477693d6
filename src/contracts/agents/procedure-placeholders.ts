/**
 * The placeholders of a procedure's call lines: `{{message}}` (the caller's message) and
 * `{{input.<path>}}` (a field of the message when it is a JSON object). The one reader of that
 * grammar: the builtin models fill them (models/builtin/procedure-calls.ts) and the console's
 * procedure editor highlights them, so the two never disagree. Pure: no server, no Prisma.
 */

/** `{{ name }}` with optional blanks inside the braces; the name is letters, digits, `_` and `.`. */
const PLACEHOLDER_SOURCE = String.raw`\{\{\s*([A-Za-z0-9_.]+)\s*\}\}`;
const PLACEHOLDER = new RegExp(PLACEHOLDER_SOURCE, "g");
const WHOLE_PLACEHOLDER = new RegExp(`^${PLACEHOLDER_SOURCE}$`);
const INPUT_PATH = /^input(\.[A-Za-z0-9_]+)+$/;

export type TPlaceholder = {
  /** The name between the braces, trimmed: `message` or `input.<path>` (or anything else). */
  name: string;
  /** Offset of the first `{`. */
  start: number;
  /** Offset just after the last `}` (exclusive). */
  end: number;
  /** Whether the models fill it; an unknown placeholder becomes empty text. */
  known: boolean;
};

/** Whether a placeholder name is one the models fill: `message` or `input.<path>`. */
export function isKnownPlaceholder(name: string): boolean {
  return name === "message" || INPUT_PATH.test(name);
}

/** Every `{{...}}` placeholder in text order. */
export function scanPlaceholders(text: string): TPlaceholder[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({
    name: match[1]!,
    start: match.index,
    end: match.index + match[0].length,
    known: isKnownPlaceholder(match[1]!),
  }));
}

/** The placeholder name when the whole string is one placeholder (it then takes the value's type). */
export function wholePlaceholder(text: string): string | null {
  return WHOLE_PLACEHOLDER.exec(text)?.[1] ?? null;
}

/** Replaces every placeholder with what `fill` returns for its name. */
export function replacePlaceholders(text: string, fill: (name: string) => string): string {
  return text.replace(PLACEHOLDER, (_, name: string) => fill(name));
}

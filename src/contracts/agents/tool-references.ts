/**
 * How a procedure names tools: `#<tool wire id>` (spec: "A procedure refers to tools by
 * `#<tool wire id>`"). The one reader of that grammar: the publish verifier and the turn
 * context (services/agents/procedure-refs.ts), the builtin:procedure model's call lines
 * (models/builtin/procedure-calls.ts) and the console editor's `#` completion all use it, so
 * they never disagree on what is a reference. Pure: no server, no Prisma.
 */

/** Characters of a wire id: letters, digits, `.`, `_`, `-`, `:` (as a character-class body). */
const ID_CHARS = "A-Za-z0-9._:-";
const ID_RUN = new RegExp(`[${ID_CHARS}]+`, "g");
const REFERENCE = new RegExp(`#([${ID_CHARS}]+)`, "g");
/** A reference being typed: a `#` and the id characters up to the caret (possibly none yet). */
const PARTIAL_REFERENCE = new RegExp(`#([${ID_CHARS}]*)$`);
const ID_TAIL = new RegExp(`^[${ID_CHARS}]*`);
/** Sentence punctuation that may follow an id without being part of it. */
const TRAILING_PUNCTUATION = /[.,:]+$/;
/**
 * A `#` glued to one of these is part of something else: a URL fragment (`/page#top`),
 * an HTML entity (`&#39;`), a word (`C#`) or a heading (`##`).
 */
const ATTACHED_BEFORE = /[A-Za-z0-9._:\-/#?&=%~+@\\]/;
/** No wire id is purely numeric, so `#42` is an issue number, not a tool. */
const HAS_LETTER = /[A-Za-z]/;
/** After a call line's reference: its trailing punctuation, blanks, then the `{` of the arguments. */
const ARGUMENTS_START = /[.,:]*[^\S\n]*\{/y;

export type TToolReference = {
  /** The wire id without `#` or trailing punctuation. */
  id: string;
  /** Offset of the `#`. */
  start: number;
  /** Offset just after the id (exclusive). */
  end: number;
};

/** A `#<wire id>` reference followed by a JSON object that ends its line. */
export type TToolCallLine = TToolReference & {
  /** The text from `{` to the line's last `}`, not yet parsed (it may not be valid JSON). */
  argumentsText: string;
};

/** Whether a `#` at `offset` can open a reference (it is not glued to what stands before it). */
function opensReference(text: string, offset: number): boolean {
  return offset === 0 || !ATTACHED_BEFORE.test(text[offset - 1]!);
}

/** An id run as written, minus the sentence punctuation after it. */
function trimId(run: string): string {
  return run.replace(TRAILING_PUNCTUATION, "");
}

/** Every `#<id>` reference in text order. The span covers the `#` and the id. */
export function scanToolReferences(text: string): TToolReference[] {
  const references: TToolReference[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    const start = match.index;
    if (!opensReference(text, start)) continue;
    const id = trimId(match[1]!);
    if (!HAS_LETTER.test(id)) continue;
    references.push({ id, start, end: start + 1 + id.length });
  }
  return references;
}

/**
 * Occurrences of known wire ids written without the leading `#` (e.g. "use service.http.get"),
 * which a reader may take for a reference but the grammar does not.
 */
export function scanBareToolIds(text: string, isToolId: (id: string) => boolean): TToolReference[] {
  const found: TToolReference[] = [];
  for (const match of text.matchAll(ID_RUN)) {
    const start = match.index;
    if (start > 0 && text[start - 1] === "#") continue;
    const id = trimId(match[0]);
    if (id && isToolId(id)) found.push({ id, start, end: start + id.length });
  }
  return found;
}

/**
 * The call lines of a procedure, in text order: a line whose reference is followed (after
 * optional punctuation and blanks) by `{...}` that ends the line. The first such reference of
 * a line is its call; a line has at most one.
 */
export function scanToolCallLines(text: string): TToolCallLine[] {
  const calls: TToolCallLine[] = [];
  let lineEnd = -1;
  let lastContent = -1;
  let taken = false;
  for (const reference of scanToolReferences(text)) {
    if (reference.start > lineEnd) {
      const newline = text.indexOf("\n", reference.end);
      lineEnd = newline < 0 ? text.length : newline;
      lastContent = lineEnd;
      while (lastContent > reference.end && /\s/.test(text[lastContent - 1]!)) lastContent--;
      taken = false;
    }
    if (taken || text[lastContent - 1] !== "}") continue;
    ARGUMENTS_START.lastIndex = reference.end;
    if (!ARGUMENTS_START.test(text)) continue;
    const open = ARGUMENTS_START.lastIndex - 1;
    calls.push({ ...reference, argumentsText: text.slice(open, lastContent) });
    taken = true;
  }
  return calls;
}

/**
 * The reference being typed at the caret, for completion: where its `#` is, the id typed so
 * far (`query`, kept as typed: `#service.http.` is on its way to `#service.http.get`), and
 * where the id it replaces ends (the id characters after the caret, minus sentence punctuation,
 * as in scanToolReferences).
 */
export function referenceAtCaret(text: string, caret: number): { start: number; end: number; query: string } | null {
  const match = PARTIAL_REFERENCE.exec(text.slice(0, caret));
  if (!match || !opensReference(text, match.index)) return null;
  const query = match[1]!;
  const tail = ID_TAIL.exec(text.slice(caret))![0];
  // What the id keeps of the tail: sentence punctuation that ends it stays in the text.
  const kept = trimId(query + tail).slice(query.length);
  return { start: match.index, end: caret + kept.length, query };
}

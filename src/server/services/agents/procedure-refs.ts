/**
 * How a procedure names tools: `#<tool wire id>` (spec section 2). Shared by the verifier and,
 * later, the builtin:procedure model, so both read a procedure the same way.
 */

/** Characters of a wire id: letters, digits, `.`, `_`, `-`, `:`. */
const ID_RUN = /[A-Za-z0-9._:-]+/g;
const REFERENCE = /#([A-Za-z0-9._:-]+)/g;
/** Sentence punctuation that may follow an id without being part of it. */
const TRAILING_PUNCTUATION = /[.,:]+$/;
/**
 * A `#` glued to one of these is part of something else: a URL fragment (`/page#top`),
 * an HTML entity (`&#39;`), a word (`C#`) or a heading (`##`).
 */
const ATTACHED_BEFORE = /[A-Za-z0-9._:\-/#?&=%~+@\\]/;
const HAS_LETTER = /[A-Za-z]/;

export type TToolReference = {
  /** The wire id without `#` or trailing punctuation. */
  id: string;
  /** Offset of the `#`. */
  start: number;
  /** Offset just after the id (exclusive). */
  end: number;
};

/**
 * Every `#<id>` reference in text order. The span covers the `#` and the id. Ids without a
 * letter (`#42`) are issue numbers, not tools: no wire id is purely numeric.
 */
export function scanToolReferences(procedure: string): TToolReference[] {
  const references: TToolReference[] = [];
  for (const match of procedure.matchAll(REFERENCE)) {
    const start = match.index;
    if (start > 0 && ATTACHED_BEFORE.test(procedure[start - 1]!)) continue;
    const id = match[1]!.replace(TRAILING_PUNCTUATION, "");
    if (!id || !HAS_LETTER.test(id)) continue;
    references.push({ id, start, end: start + 1 + id.length });
  }
  return references;
}

/**
 * Occurrences of known wire ids written without the leading `#` (e.g. "use service.http.get"),
 * which a reader may take for a reference but the service does not.
 */
export function scanBareToolIds(procedure: string, isToolId: (id: string) => boolean): Array<{ id: string; start: number; end: number }> {
  const found: Array<{ id: string; start: number; end: number }> = [];
  for (const match of procedure.matchAll(ID_RUN)) {
    const start = match.index;
    if (start > 0 && procedure[start - 1] === "#") continue;
    const id = match[0].replace(TRAILING_PUNCTUATION, "");
    if (id && isToolId(id)) found.push({ id, start, end: start + id.length });
  }
  return found;
}

/** Levenshtein distance, or `limit + 1` as soon as it is known to exceed `limit`. */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `wanted` (case-insensitive edit distance), if close enough to be a
 * likely typo: at most a third of the candidate's length, and at least 2 edits allowed. Ties go
 * to the alphabetically first candidate so the answer is stable.
 */
export function closestMatch(wanted: string, candidates: Iterable<string>): string | null {
  const needle = wanted.toLowerCase();
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of [...candidates].sort()) {
    const limit = Math.max(2, Math.floor(candidate.length / 3));
    const distance = boundedDistance(needle, candidate.toLowerCase(), best ? Math.min(limit, best.distance - 1) : limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate ?? null;
}
